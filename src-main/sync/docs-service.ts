import { spacePermissions } from '../../src-shared/access';
import { MAX_CHANGED_DOCS, type SyncDocsBody } from '../../src-shared/schemas/sync';
import type { ServiceContext } from '../app/context';
import { applyBodyUpdate, applyLiveBodyUpdate, refreshTreeRows, type TreeRef, treeDocId } from '../content/engine';
import { assertDecodableUpdate } from '../content/live-service';
import type { DocWriter } from '../content/doc-store';
import { forbidden, isFolioError } from '../errors';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { SpaceRow } from '../store/spaces';
import { spaceOfTree } from '../store/change-requests';
import { docsChangedAfter } from '../store/sync-docs';
import { assertSpaceWritable, requireSpace } from '../spaces/access';

export interface DocAnswer {
  docId: string;
  /** What the replica lacks (base64 Yjs update). */
  update: string;
  /** The server's state vector after this exchange. */
  stateVector: string;
  /** Why the replica's update was not applied; `update` is then the server's whole document. */
  refused?: string;
}

/** `tree:<treeId>` or `body:<treeId>:<pageId>` (content/engine.ts names documents so). */
export function parseDocId(docId: string): { treeId: string; pageId?: string } {
  const [kind, treeId, pageId] = docId.split(':');
  return kind === 'tree' ? { treeId: treeId! } : { treeId: treeId!, pageId };
}

const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

/**
 * Content as Yjs (docs/sync.md): for each document the replica names, applies what it sent (if the user may
 * edit there, through the same engine as live edits, so the read model and revisions follow) and answers
 * what it lacks. Page trees go before bodies, so a page created offline exists before its body arrives;
 * everything applied lands in one transaction.
 */
export function exchangeDocs(ctx: ServiceContext, input: SyncDocsBody): { docs: DocAnswer[] } {
  const ordered = [...input.docs].sort((a, b) => Number(a.docId.startsWith('body:')) - Number(b.docId.startsWith('body:')));
  return ctx.docs.write((writer) => ({
    docs: ordered.map((doc): DocAnswer => {
      const { treeId, pageId } = parseDocId(doc.docId);
      const access = readableTree(ctx, treeId);
      // Not there, or not the user's to read: nothing of it is answered.
      if ('missing' in access) return { docId: doc.docId, update: '', stateVector: '', refused: access.missing };
      let refused: string | undefined;
      if (doc.update) {
        try {
          applyReplicaUpdate(ctx, writer, access, treeId, pageId, bytes(doc.update));
        } catch (error) {
          if (!isFolioError(error)) throw error;
          refused = error.message;
        }
      }
      const known = bytes(doc.stateVector);
      // Refused: the whole document, so the replica can return to the server's state.
      const since = refused || known.length === 0 ? undefined : known;
      return {
        docId: doc.docId,
        update: base64(ctx.docs.diff(doc.docId, since)),
        stateVector: base64(ctx.docs.stateVector(doc.docId)),
        ...(refused ? { refused } : {}),
      };
    }),
  }));
}

type TreeAccess = { space: SpaceRow; role: MemberRoleOrGuest | undefined } | { missing: string };

/** Whether the caller may read a tree's documents (the live channel opens documents with the same rule). */
export function readableTree(ctx: ServiceContext, treeId: string): TreeAccess {
  const spaceId = spaceOfTree(ctx.db, treeId);
  if (!spaceId) return { missing: `Content "${treeId}" not found` };
  try {
    return requireSpace(ctx, spaceId);
  } catch (error) {
    if (isFolioError(error)) return { missing: error.message };
    throw error;
  }
}

/**
 * Applies a replica's update to a document under the rules of every edit. `live`: a keystroke on the live
 * channel, whose page markdown follows at the pause or the next read (content/stale-bodies.ts); an exchange's
 * batch keeps the read model in step at once.
 */
export function applyReplicaUpdate(
  ctx: ServiceContext,
  writer: DocWriter,
  access: { space: SpaceRow; role: MemberRoleOrGuest | undefined },
  treeId: string,
  pageId: string | undefined,
  update: Uint8Array,
  live = false,
): void {
  assertDecodableUpdate(update);
  if (!spacePermissions(access.role).edit) throw forbidden('You need the "edit" role on this space to change its content');
  const tree: TreeRef = { spaceId: access.space.id, treeId };
  if (treeId === access.space.id) assertSpaceWritable(access.space);
  if (pageId) {
    if (live) applyLiveBodyUpdate(ctx, writer, tree, pageId, update);
    else applyBodyUpdate(ctx, writer, tree, pageId, update);
  } else {
    writer.applyUpdate(treeDocId(treeId), update);
    refreshTreeRows(ctx, tree);
  }
  ctx.live.touched(tree, ctx.user.id);
}

/**
 * Which documents the user can read changed since `after` (a cursor this call hands out), so a replica
 * exchanges only those rather than every document of its organizations. `complete` false: too many to list.
 */
export function changedDocs(ctx: ServiceContext, input: { after: number }) {
  const { docIds, cursor, complete } = docsChangedAfter(ctx.db, input.after, MAX_CHANGED_DOCS);
  const readable = new Map<string, boolean>();
  const visible = docIds.filter((docId) => {
    const { treeId } = parseDocId(docId);
    if (!readable.has(treeId)) readable.set(treeId, !('missing' in readableTree(ctx, treeId)));
    return readable.get(treeId);
  });
  return { docIds: visible, cursor, complete };
}
