import * as Y from 'yjs';
import { MAX_DOCS_PER_EXCHANGE } from '../../src-shared/schemas/sync';
import { OWNER_SETTING } from '../app/bootstrap';
import type { AppServices } from '../app/context';
import { applyBodyUpdate, bodyText, refreshTreeRows, type TreeRef, treeDocId } from '../content/engine';
import { bodyOwnerIds } from '../content/reusables-model';
import { setBodyMarkdown } from '../store/body-rows';
import { getSetting, setSetting } from '../store/settings';
import { mirroredTreeIds, recordDocRefusals, storedBodyDocIds } from '../store/sync-docs';
import { getUserById } from '../store/users';
import type { DocAnswer } from './docs-service';
import { parseDocId } from './docs-service';
import type { RemoteCall } from './remote-call';


const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

/** What the client keeps between exchanges of content (docs/sync.md, "Workstation state"). */
export interface DocSyncState {
  /** Documents changed here since they were last exchanged (local edits only, not what sync applied). */
  dirty: Set<string>;
  /** The setting holding the end of the server's update log at the last exchange. */
  cursorKey: string;
  /** True while sync applies the server's updates, so they are not taken for local edits. */
  applying: { active: boolean };
  /** Everything on the first exchange since start (local edits made before a restart are not in `dirty`). */
  full: boolean;
}

/**
 * The workstation's half of content sync (docs/sync.md): page trees first, then bodies (the pages open in
 * an editor first), in exchanges of at most MAX_DOCS_PER_EXCHANGE documents. Only the documents the server
 * says changed since the last exchange, and those edited here, take part (everything on the first exchange
 * after a start). Each exchange sends state vectors and gets what is missing here; a second one sends what
 * the server lacks. Applied through the content engine, so the read model, search and revisions follow.
 * Returns how many documents changed here (what the app shows may need reloading).
 */
export async function syncDocuments(app: AppServices, replicaId: string, call: RemoteCall, state: DocSyncState, focused: readonly string[] = []): Promise<number> {
  const trees = mirroredTreeIds(app.db);
  const treeOf = new Map(trees.map((tree) => [tree.treeId, tree]));
  const savedCursor = getSetting(app.db, state.cursorKey);
  // Asked before exchanging: whatever changes meanwhile is listed next time (at worst exchanged twice).
  const changed = (await call('/sync/v1/docs/changed', { replicaId, after: Number(savedCursor ?? 0) })) as {
    docIds: string[];
    cursor: number;
    complete: boolean;
  };
  const full = state.full || savedCursor === undefined || !changed.complete;

  const refs = (docIds: string[]) => new Map(docIds.map((docId) => [docId, treeOf.get(parseDocId(docId).treeId)!]));
  const exchange = { app, replicaId, call, state, full };
  const wanted = full ? [] : [...new Set([...changed.docIds, ...state.dirty])].filter((docId) => treeOf.has(parseDocId(docId).treeId));

  // Trees first: the bodies to exchange on a full exchange are those of the pages the trees now list.
  const treeDocs = full ? trees.map((tree) => treeDocId(tree.treeId)) : wanted.filter((docId) => docId.startsWith('tree:'));
  let applied = await exchangeAll(exchange, treeDocs, refs(treeDocs));

  let bodyDocs = wanted.filter((docId) => docId.startsWith('body:'));
  if (full) {
    const bodies = new Set<string>();
    for (const tree of trees) {
      for (const id of bodyOwnerIds(app.docs.get(treeDocId(tree.treeId)))) bodies.add(`body:${tree.treeId}:${id}`);
      for (const docId of storedBodyDocIds(app.db, tree.treeId)) bodies.add(docId);
    }
    bodyDocs = [...bodies];
  }
  const first = [...focused].reverse().filter((docId) => bodyDocs.includes(docId));
  const ordered = [...first, ...bodyDocs.filter((docId) => !first.includes(docId))];
  applied += await exchangeAll(exchange, ordered, refs(ordered));

  setSetting(app.db, state.cursorKey, String(changed.cursor));
  state.full = false;
  return applied;
}

interface Exchange {
  app: AppServices;
  replicaId: string;
  call: RemoteCall;
  state: DocSyncState;
  /** Push whatever the server lacks, deletions included, even for documents not known to be edited here. */
  full: boolean;
}

async function exchangeAll({ app, replicaId, call, state, full }: Exchange, docIds: string[], trees: Map<string, TreeRef>): Promise<number> {
  let changed = 0;
  for (let start = 0; start < docIds.length; start += MAX_DOCS_PER_EXCHANGE) {
    const chunk = docIds.slice(start, start + MAX_DOCS_PER_EXCHANGE);
    // Taken out of `dirty` now (edits made during the exchange put them back), and put back if it fails,
    // so an edit is never forgotten before the server has it.
    const edited = new Set(chunk.filter((docId) => state.dirty.has(docId)));
    for (const docId of edited) state.dirty.delete(docId);
    try {
      changed += await exchangeChunk({ app, replicaId, call, state, full }, chunk, edited, trees);
    } catch (error) {
      for (const docId of edited) state.dirty.add(docId);
      throw error;
    }
  }
  return changed;
}

/** One exchange of at most MAX_DOCS_PER_EXCHANGE documents: what is missing here, then what is missing there. */
async function exchangeChunk(
  { app, replicaId, call, state, full }: Exchange,
  chunk: string[],
  edited: ReadonlySet<string>,
  trees: Map<string, TreeRef>,
): Promise<number> {
  let changed = 0;
    // 1. What is missing here.
    const pulled = (await call('/sync/v1/docs', {
      replicaId,
      docs: chunk.map((docId) => ({ docId, stateVector: base64(app.docs.stateVector(docId)) })),
    })) as { docs: DocAnswer[] };
    changed += applying(state, () => applyAnswers(app, pulled.docs, trees));
    // 2. What is missing there: documents edited here, or holding items the server's state vector lacks
    // (an answer's delete set is always whole, so deletions alone only count for documents edited here).
    const toPush = pulled.docs
      .filter((answer) => !answer.refused && answer.stateVector)
      .filter((answer) => full || edited.has(answer.docId) || aheadOf(app.docs.stateVector(answer.docId), bytes(answer.stateVector)))
      .map((answer) => ({ docId: answer.docId, update: app.docs.diff(answer.docId, bytes(answer.stateVector)) }))
      .filter(({ update }) => carriesSomething(update));
    if (toPush.length === 0) return changed;
    const pushed = (await call('/sync/v1/docs', {
      replicaId,
      docs: toPush.map(({ docId, update }) => ({ docId, stateVector: base64(app.docs.stateVector(docId)), update: base64(update) })),
    })) as { docs: DocAnswer[] };
    const refused = pushed.docs.filter((answer) => answer.refused);
    if (refused.length > 0) {
      const sent = new Map(toPush.map(({ docId, update }) => [docId, update]));
      // Kept with the reason (the writer sees what was refused; the bytes are not lost), then this copy
      // returns to the server's document, which a refusal answers whole.
      recordDocRefusals(app.db, refused.map((answer) => ({ docId: answer.docId, reason: answer.refused!, update: sent.get(answer.docId)! })), new Date().toISOString());
      applying(state, () => revertDocuments(app, refused, trees));
      changed += refused.length;
    }
    changed += applying(state, () =>
      applyAnswers(
        app,
        pushed.docs.filter((answer) => !answer.refused),
        trees,
      ),
    );
    return changed;
}

/** Runs sync's own writes with `applying` set, so the commit listener does not take them for local edits. */
function applying<T>(state: DocSyncState, work: () => T): T {
  state.applying.active = true;
  try {
    return work();
  } finally {
    state.applying.active = false;
  }
}

/** Whether a state vector has items (a client's clock) that another lacks. */
function aheadOf(local: Uint8Array, remote: Uint8Array): boolean {
  const theirs = Y.decodeStateVector(remote);
  for (const [client, clock] of Y.decodeStateVector(local)) if (clock > (theirs.get(client) ?? 0)) return true;
  return false;
}

/** An update with new items or deletions (an empty one encodes as a few bytes of nothing). */
function carriesSomething(update: Uint8Array): boolean {
  const decoded = Y.decodeUpdate(update);
  return decoded.structs.length > 0 || decoded.ds.clients.size > 0;
}

function applyAnswers(app: AppServices, answers: DocAnswer[], trees: Map<string, TreeRef>): number {
  const useful = answers.filter((answer) => answer.update && carriesSomething(bytes(answer.update)));
  if (useful.length === 0) return 0;
  const user = getUserById(app.db, getSetting(app.db, OWNER_SETTING) ?? '');
  if (!user) throw new Error('this workstation has no owner to apply content as');
  const ctx = { ...app, user };
  app.docs.write((writer) => {
    for (const answer of useful) {
      const tree = trees.get(answer.docId);
      if (!tree) continue;
      const { pageId } = parseDocId(answer.docId);
      if (pageId) applyBodyUpdate(ctx, writer, tree, pageId, bytes(answer.update), true);
      else {
        writer.applyUpdate(answer.docId, bytes(answer.update));
        refreshTreeRows(ctx, tree);
      }
      app.live.touched(tree, user.id);
    }
  });
  return useful.length;
}

/** Replaces this copy of each document with the server's, and brings the read model in line. */
function revertDocuments(app: AppServices, answers: DocAnswer[], trees: Map<string, TreeRef>): void {
  const user = getUserById(app.db, getSetting(app.db, OWNER_SETTING) ?? '');
  if (!user) throw new Error('this workstation has no owner to apply content as');
  const ctx = { ...app, user };
  app.docs.write((writer) => {
    for (const answer of answers) {
      const tree = trees.get(answer.docId);
      if (!tree || !answer.update) continue;
      app.docs.replaceWithin(writer, answer.docId, bytes(answer.update));
      const { pageId } = parseDocId(answer.docId);
      if (pageId) setBodyMarkdown(app.db, tree.treeId, pageId, bodyText(app.docs.get(answer.docId)).toString(), new Date().toISOString());
      else refreshTreeRows(ctx, tree);
    }
  });
}
