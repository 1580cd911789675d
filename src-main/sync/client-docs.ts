import * as Y from 'yjs';
import { MAX_DOCS_PER_EXCHANGE } from '../../src-shared/schemas/sync';
import { OWNER_SETTING } from '../app/bootstrap';
import type { AppServices } from '../app/context';
import { applyBodyUpdate, bodyText, refreshTreeRows, type TreeRef, treeDocId } from '../content/engine';
import { setPageMarkdown } from '../store/content-pages';
import { readPages } from '../content/tree-model';
import { getSetting } from '../store/settings';
import { mirroredTreeIds, recordDocRefusals, storedBodyDocIds } from '../store/sync-docs';
import { getUserById } from '../store/users';
import type { DocAnswer } from './docs-service';
import { parseDocId } from './docs-service';

type Call = (path: string, body: unknown) => Promise<unknown>;

const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

/**
 * The workstation's half of content sync (docs/sync.md): page trees first, then the bodies of their pages,
 * in exchanges of at most MAX_DOCS_PER_EXCHANGE documents. Each exchange sends state vectors and gets what
 * is missing here; a second one sends what the server lacks. Applied through the content engine, so the
 * workstation's read model, search and revisions follow as for any edit.
 */
/** Returns how many documents changed here (what the app shows may need reloading). */
export async function syncDocuments(app: AppServices, replicaId: string, call: Call, focused: readonly string[] = []): Promise<number> {
  const trees = mirroredTreeIds(app.db);
  const treeByDoc = new Map<string, TreeRef>();
  for (const tree of trees) treeByDoc.set(treeDocId(tree.treeId), tree);
  let changed = await exchangeAll(app, replicaId, call, [...treeByDoc.keys()], treeByDoc);

  const bodies = new Set<string>();
  for (const tree of trees) {
    for (const page of readPages(app.docs.get(treeDocId(tree.treeId)))) bodies.add(`body:${tree.treeId}:${page.id}`);
    for (const docId of storedBodyDocIds(app.db, tree.treeId)) bodies.add(docId);
  }
  const bodyTree = (docId: string) => trees.find((tree) => tree.treeId === parseDocId(docId).treeId)!;
  // The pages open in an editor first (most recent first), then the rest.
  const first = [...focused].reverse().filter((docId) => bodies.has(docId));
  const ordered = [...first, ...[...bodies].filter((docId) => !first.includes(docId))];
  changed += await exchangeAll(app, replicaId, call, ordered, new Map(ordered.map((docId) => [docId, bodyTree(docId)])));
  return changed;
}

async function exchangeAll(app: AppServices, replicaId: string, call: Call, docIds: string[], trees: Map<string, TreeRef>): Promise<number> {
  let changed = 0;
  for (let start = 0; start < docIds.length; start += MAX_DOCS_PER_EXCHANGE) {
    const chunk = docIds.slice(start, start + MAX_DOCS_PER_EXCHANGE);
    // 1. What is missing here.
    const pulled = (await call('/sync/v1/docs', {
      replicaId,
      docs: chunk.map((docId) => ({ docId, stateVector: base64(app.docs.stateVector(docId)) })),
    })) as { docs: DocAnswer[] };
    changed += applyAnswers(app, pulled.docs, trees);
    // 2. What is missing there: only documents with something the server's state vector lacks.
    const toPush = pulled.docs
      .filter((answer) => !answer.refused && answer.stateVector)
      .map((answer) => ({ docId: answer.docId, update: app.docs.diff(answer.docId, bytes(answer.stateVector)) }))
      .filter(({ update }) => carriesSomething(update));
    if (toPush.length === 0) continue;
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
      revertDocuments(app, refused, trees);
      changed += refused.length;
    }
    changed += applyAnswers(
      app,
      pushed.docs.filter((answer) => !answer.refused),
      trees,
    );
  }
  return changed;
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
      if (pageId) setPageMarkdown(app.db, tree.treeId, pageId, bodyText(app.docs.get(answer.docId)).toString(), new Date().toISOString());
      else refreshTreeRows(ctx, tree);
    }
  });
}
