import type { ServiceContext } from '../app/context';
import { countOpenCommentsByPage } from '../store/comments';
import { type CommentPlaceRef, requirePlace } from './access';

/**
 * The number of open (unresolved) comment threads on each page of a content: the space's discussion
 * for main content, the change request's for its content. Pages without one are left out.
 */
export function openCommentCountsByPage(ctx: ServiceContext, ref: CommentPlaceRef): Record<string, number> {
  const place = requirePlace(ctx, ref);
  return countOpenCommentsByPage(ctx.db, place.scope);
}
