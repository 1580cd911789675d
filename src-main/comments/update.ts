import type { UpdateReplyInput } from '../../src-shared/schemas/comments';
import type { MemberRole } from '../../src-shared/roles';
import { type ServiceContext, isoNow } from '../app/context';
import { addReaction, removeReaction, setCommentResolved } from '../store/comments';

/** An update that changes anything needs the comment role; an empty one is a read. */
export function requiredRoleForUpdate(input: UpdateReplyInput): MemberRole {
  const changes =
    input.body !== undefined ||
    input.resolved !== undefined ||
    Boolean(input.addedReactions?.length) ||
    Boolean(input.removedReactions?.length);
  return changes ? 'comment' : 'read';
}

/**
 * The parts of an update anyone taking part may make: the caller's own reactions (on the comment,
 * or on the reply `replyId`) and the thread's status. Removals apply before additions, so an emoji
 * in both lists ends up added. `resolved` always applies to the comment: a reply has no status.
 */
export function applyReactionsAndStatus(ctx: ServiceContext, commentId: string, replyId: string | null, input: UpdateReplyInput): void {
  const now = isoNow(ctx.clock);
  const subject = { commentId, replyId };
  for (const emoji of input.removedReactions ?? []) removeReaction(ctx.db, subject, emoji, ctx.user.id);
  for (const emoji of input.addedReactions ?? []) addReaction(ctx.db, subject, emoji, ctx.user.id, now);
  if (input.resolved !== undefined) {
    setCommentResolved(ctx.db, commentId, input.resolved ? { at: now, by: ctx.user.id } : null);
  }
}
