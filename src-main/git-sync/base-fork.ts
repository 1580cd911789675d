import * as Y from 'yjs';
import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { forkChangeRequest } from '../change-requests/service';
import { bodyDocId, bodyText, treeDocId } from '../content/body-docs';
import type { DocWriter } from '../content/doc-store';
import { cutRevision, refreshTreeRows, type TreeRef } from '../content/engine';
import { bodyOwnerIds } from '../content/reusables-model';
import { bodyForks, getBodyFork, recordBodyFork, updateChangeRequest } from '../store/change-requests';
import { setBodyMarkdown } from '../store/body-rows';

/**
 * The base of a Git Sync merge (docs/git-sync.md): a fork of the space holding exactly what the repository
 * held when the two last agreed, with main's own Yjs history. New commits are reconciled into it, so the edits
 * they make are Yjs edits relative to that shared history, and merge with whatever was written in Folio
 * since. It is a change request kept archived: writers can look at it (the repository's content as last
 * synced), and copy-on-write keeps it as it was while main moves on.
 */
export function createBaseFork(ctx: ServiceContext, writer: DocWriter, space: { id: string; revision_id: string }): string {
  const fork = forkChangeRequest(ctx, writer, space, 'Git Sync: the repository as last synced');
  updateChangeRequest(ctx.db, fork.id, { status: 'archived', updated_at: isoNow(ctx.clock) });
  return fork.id;
}

/**
 * What brings the base to main's content as it is now, taken when an export reads main and applied once
 * the repository has the commit: the same Yjs updates main made (never content re-derived from files, which
 * would duplicate text when merged back). Bodies the base does not hold yet are taken whole; bodies it
 * still shares with main (never written since) need nothing.
 */
interface BaseStash {
  tree: Uint8Array;
  bodies: Array<{ pageId: string; update: Uint8Array }>;
}

/** What the pending export does to the base once pushed: apply a stash, or adopt a new fork taken with the commit. */
type PendingBase = { stash: BaseStash } | { newBase: string };

export function stashMainForBase(ctx: ServiceContext, spaceId: string, baseId: string): BaseStash {
  const mainTree = ctx.docs.get(treeDocId(spaceId));
  const baseTree = ctx.docs.get(treeDocId(baseId));
  const forked = new Set(bodyForks(ctx.db, baseId).map((fork) => fork.page_id));
  const inBase = new Set(bodyOwnerIds(baseTree));
  const bodies: BaseStash['bodies'] = [];
  for (const id of bodyOwnerIds(mainTree)) {
    const mainBody = bodyDocId(spaceId, id);
    if (!ctx.docs.exists(mainBody)) continue;
    if (forked.has(id)) {
      const update = Y.encodeStateAsUpdate(ctx.docs.get(mainBody), Y.encodeStateVector(ctx.docs.get(bodyDocId(baseId, id))));
      bodies.push({ pageId: id, update });
    } else if (!inBase.has(id)) {
      bodies.push({ pageId: id, update: Y.encodeStateAsUpdate(ctx.docs.get(mainBody)) });
    }
  }
  return { tree: Y.encodeStateAsUpdate(mainTree, Y.encodeStateVector(baseTree)), bodies };
}

/** Applies a stash to the base, in the caller's write. */
export function applyBaseStash(ctx: ServiceContext, writer: DocWriter, base: TreeRef, stash: BaseStash): void {
  writer.applyUpdate(treeDocId(base.treeId), stash.tree);
  refreshTreeRows(ctx, base);
  const now = isoNow(ctx.clock);
  for (const { pageId, update } of stash.bodies) {
    // Its own copy from now on, so main's later writes never show through.
    if (!getBodyFork(ctx.db, base.treeId, pageId)) recordBodyFork(ctx.db, base.treeId, pageId, false);
    const docId = bodyDocId(base.treeId, pageId);
    writer.applyUpdate(docId, update);
    setBodyMarkdown(ctx.db, base.treeId, pageId, bodyText(ctx.docs.get(docId)).toString(), now);
  }
  cutRevision(ctx, base, 'update', ctx.user.id);
}

/** A pending base as bytes, for the `pending_updates` column. */
export function encodePendingBase(pending: PendingBase): Buffer {
  const json =
    'newBase' in pending
      ? { newBase: pending.newBase }
      : { tree: Buffer.from(pending.stash.tree).toString('base64'), bodies: pending.stash.bodies.map((b) => [b.pageId, Buffer.from(b.update).toString('base64')]) };
  return Buffer.from(JSON.stringify(json), 'utf8');
}

export function decodePendingBase(bytes: Uint8Array): PendingBase {
  const json = JSON.parse(Buffer.from(bytes).toString('utf8')) as { newBase?: string; tree?: string; bodies?: Array<[string, string]> };
  if (json.newBase) return { newBase: json.newBase };
  return {
    stash: {
      tree: new Uint8Array(Buffer.from(json.tree!, 'base64')),
      bodies: json.bodies!.map(([pageId, update]) => ({ pageId, update: new Uint8Array(Buffer.from(update, 'base64')) })),
    },
  };
}

/** State vectors of the base's tree and forked bodies: what a reconcile's own edits are measured from. */
interface BaseVectors {
  tree: Uint8Array;
  bodies: Map<string, Uint8Array>;
  /** The text of each body the base holds a copy of: main's differs where Folio wrote since the agreement. */
  texts: Map<string, string>;
}

export function baseVectors(ctx: ServiceContext, baseId: string): BaseVectors {
  const bodies = new Map<string, Uint8Array>();
  const texts = new Map<string, string>();
  for (const fork of bodyForks(ctx.db, baseId)) {
    const doc = ctx.docs.get(bodyDocId(baseId, fork.page_id));
    bodies.set(fork.page_id, Y.encodeStateVector(doc));
    texts.set(fork.page_id, bodyText(doc).toString());
  }
  return { tree: Y.encodeStateVector(ctx.docs.get(treeDocId(baseId))), bodies, texts };
}

/** A writer that notes the documents a write changed (a reconcile's, measured afterwards by `editsSince`). */
export function recordingWriter(writer: DocWriter): { writer: DocWriter; changed: Set<string> } {
  const changed = new Set<string>();
  return {
    changed,
    writer: {
      change: (docId, mutate) => {
        const update = writer.change(docId, mutate);
        if (update) changed.add(docId);
        return update;
      },
      applyUpdate: (docId, update) => {
        const applied = writer.applyUpdate(docId, update);
        if (applied) changed.add(docId);
        return applied;
      },
    },
  };
}

/**
 * The Yjs edits a reconcile made to the base since `before`: the tree's, and each body it changed. A body
 * the reconcile forked from main is measured from main's state (which the fork started from); a new page's
 * body is taken whole. Measured from state vectors, the updates carry every deletion too.
 */
export function editsSince(ctx: ServiceContext, spaceId: string, baseId: string, before: BaseVectors, changed: ReadonlySet<string>): BaseStash {
  const bodies: BaseStash['bodies'] = [];
  const prefix = bodyDocId(baseId, '');
  for (const docId of changed) {
    if (!docId.startsWith(prefix)) continue;
    const pageId = docId.slice(prefix.length);
    const mainBody = bodyDocId(spaceId, pageId);
    const from = before.bodies.get(pageId) ?? (ctx.docs.exists(mainBody) ? Y.encodeStateVector(ctx.docs.get(mainBody)) : undefined);
    bodies.push({ pageId, update: Y.encodeStateAsUpdate(ctx.docs.get(docId), from) });
  }
  return { tree: Y.encodeStateAsUpdate(ctx.docs.get(treeDocId(baseId)), before.tree), bodies };
}
