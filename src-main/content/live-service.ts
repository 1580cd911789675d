import * as Y from 'yjs';
import type { ServiceContext } from '../app/context';
import { badRequest, notFound } from '../errors';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import { getLivePage } from '../store/content-pages';
import { applyBodyUpdate, bodyDocId, type TreeRef } from './engine';

/**
 * Live editing of page bodies by the desktop editor: it binds a Y.Text to the page's body document,
 * pulls what it lacks and pushes its own updates. Each push is durable when it returns (lesson 5);
 * revisions follow when the writer pauses (LiveRevisions).
 */
export function bodyState(ctx: ServiceContext, spaceId: string, pageId: string, stateVector?: Uint8Array) {
  const { space } = requireSpace(ctx, spaceId);
  requireLivePage(ctx, space.id, pageId);
  const docId = bodyDocId(space.id, pageId);
  return {
    update: ctx.docs.diff(docId, stateVector),
    stateVector: ctx.docs.stateVector(docId),
  };
}

export function pushBodyUpdate(ctx: ServiceContext, spaceId: string, pageId: string, update: Uint8Array) {
  return ctx.docs.write((writer) => {
    const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'edit its content' });
    assertSpaceWritable(space);
    requireLivePage(ctx, space.id, pageId);
    const tree: TreeRef = { spaceId: space.id, treeId: space.id };
    assertDecodableUpdate(update);
    applyBodyUpdate(ctx, writer, tree, pageId, update);
    ctx.live.touched(tree, ctx.user.id);
    return { stateVector: Y.encodeStateVector(ctx.docs.get(bodyDocId(space.id, pageId))) };
  });
}

function requireLivePage(ctx: ServiceContext, treeId: string, pageId: string) {
  const page = getLivePage(ctx.db, treeId, pageId);
  if (!page) throw notFound(`Page "${pageId}" not found`);
  return page;
}

/** A client's bytes are checked before they reach a stored document. */
export function assertDecodableUpdate(update: Uint8Array): void {
  try {
    Y.decodeUpdate(update);
  } catch {
    throw badRequest('update: not a Yjs update (expected the bytes of Y.encodeStateAsUpdate or an update event)');
  }
}
