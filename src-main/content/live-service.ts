import * as Y from 'yjs';
import type { ServiceContext } from '../app/context';
import { requireChangeRequest, treeOf } from '../change-requests/access';
import { badRequest, notFound } from '../errors';
import { requireSpace } from '../spaces/access';
import { getBodyFork } from '../store/change-requests';
import { hasLiveBody } from '../store/body-rows';
import { getLivePage, type ContentPageRow } from '../store/content-pages';
import { getLiveReusable } from '../store/content-reusables';
import { applyLiveBodyUpdate, bodyDocId, type TreeRef } from './engine';
import { editableTree } from './pages-service';

/**
 * Live editing of page bodies by the desktop editor: it binds a Y.Text to the page's body document,
 * pulls what it lacks and pushes its own updates. Each push is durable when it returns (lesson 5) and
 * costs what it changed; the page's markdown, links, search and revision follow when the writer pauses
 * (LiveRevisions), or sooner when something reads them (stale-bodies.ts). The content is the space's main content,
 * or a change request's when its id is given, with the same rules as every other edit of it.
 */
export function bodyState(ctx: ServiceContext, spaceId: string, pageId: string, stateVector?: Uint8Array, changeRequestId?: string) {
  const tree = readableTree(ctx, spaceId, changeRequestId);
  const page = requireLiveBodyOwner(ctx, tree.treeId, pageId);
  const docId = bodyDocId(bodyTreeId(ctx, tree, pageId), pageId);
  if (stateVector) assertDecodableStateVector(stateVector);
  // The page open in an editor syncs with the team server before the others (docs/sync.md).
  ctx.sync.focus(docId);
  return {
    update: ctx.docs.diff(docId, stateVector),
    stateVector: ctx.docs.stateVector(docId),
    // The editor heads the page with these; answering them with every poll shows a rename at once.
    title: page.title,
    emoji: emojiOf(page),
  };
}

export function pushBodyUpdate(ctx: ServiceContext, spaceId: string, pageId: string, update: Uint8Array, changeRequestId?: string) {
  return ctx.docs.write((writer) => {
    // The same rules as every other edit: main only while the space is live, a change request until merged.
    const tree = editableTree(ctx, spaceId, changeRequestId);
    // Only whether the page lives: reading its row would copy the whole markdown on every keystroke.
    if (!hasLiveBody(ctx.db, tree.treeId, pageId)) throw notFound(`Page "${pageId}" not found`);
    assertDecodableUpdate(update);
    applyLiveBodyUpdate(ctx, writer, tree, pageId, update);
    ctx.live.touched(tree, ctx.user.id);
    return { stateVector: Y.encodeStateVector(ctx.docs.get(bodyDocId(tree.treeId, pageId))) };
  });
}

/** The content a caller may read: main, or a change request of a space they can read. */
function readableTree(ctx: ServiceContext, spaceId: string, changeRequestId?: string): TreeRef {
  if (changeRequestId) return treeOf(requireChangeRequest(ctx, spaceId, changeRequestId).changeRequest);
  const { space } = requireSpace(ctx, spaceId);
  return { spaceId: space.id, treeId: space.id };
}

/**
 * Where a tree's body lives: a change request reads main's body until it forks it (copy-on-write, see
 * engine.ts). Main forks a body into the request before changing it, so main's copy is the request's
 * view until then, and the fork starts from exactly that state, so an editor's state vector stays valid.
 */
function bodyTreeId(ctx: ServiceContext, tree: TreeRef, pageId: string): string {
  if (tree.treeId === tree.spaceId || getBodyFork(ctx.db, tree.treeId, pageId)) return tree.treeId;
  return tree.spaceId;
}

/** A body's owner: a page, or a reusable content (edited in the same editor; it has a title and no emoji). */
function requireLiveBodyOwner(ctx: ServiceContext, treeId: string, pageId: string): Pick<ContentPageRow, 'title' | 'meta'> {
  const page = getLivePage(ctx.db, treeId, pageId);
  if (page) return page;
  const reusable = getLiveReusable(ctx.db, treeId, pageId);
  if (reusable) return { title: reusable.title, meta: '{}' };
  throw notFound(`Page "${pageId}" not found`);
}

function emojiOf(page: Pick<ContentPageRow, 'meta'>): string | undefined {
  try {
    const emoji = (JSON.parse(page.meta) as { emoji?: unknown }).emoji;
    return typeof emoji === 'string' && emoji ? emoji : undefined;
  } catch {
    return undefined;
  }
}

/** A client's bytes are checked before they reach a stored document. */
export function assertDecodableUpdate(update: Uint8Array): void {
  try {
    Y.decodeUpdate(update);
  } catch {
    throw badRequest('update: not a Yjs update (expected the bytes of Y.encodeStateAsUpdate or an update event)');
  }
}

function assertDecodableStateVector(stateVector: Uint8Array): void {
  try {
    Y.decodeStateVector(stateVector);
  } catch {
    throw badRequest('stateVector: not a Yjs state vector (expected the bytes of Y.encodeStateVector)');
  }
}
