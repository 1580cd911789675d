import { z } from 'zod';
import { listQuery } from './common';

/**
 * The body of a comment or reply, a GitBook `Document`: markdown, or the JSON document (which the
 * service turns into markdown, the form comments are stored in).
 */
export const commentBody = z.union([
  z.strictObject({
    markdown: z
      .string()
      .max(100_000)
      .refine((text) => text.trim().length > 0, 'a comment cannot be empty'),
  }),
  z.strictObject({ document: z.record(z.string(), z.unknown()) }),
]);
export type CommentBodyInput = z.infer<typeof commentBody>;

/** An emoji reaction: the emoji itself (or its code point), as GitBook's `EmojiReaction.emoji`. */
const reactionEmoji = z.string().trim().min(1).max(50);
const reactions = z.array(reactionEmoji).max(50);

/** `format` of every read: the body as `markdown` (the default) or GitBook's JSON `document`. */
export const commentFormatQuery = z.object({ format: z.enum(['document', 'markdown']).optional() });
export type CommentFormat = 'document' | 'markdown';

/**
 * `GET .../comments`: the spec's `order`, `status`, `targetPage` and `authors` parameters
 * (components.parameters listOrder, status, targetPage, authors). `authors` is an array in the
 * spec, sent as repeated `authors=` parameters; the route gathers them before parsing.
 */
export const listCommentsQuery = listQuery.extend({
  order: z.enum(['asc', 'desc']).optional(),
  status: z.enum(['all', 'open', 'resolved']).optional(),
  targetPage: z.string().min(1).max(100).optional(),
  authors: z.array(z.string().min(1).max(100)).max(100).optional(),
  format: commentFormatQuery.shape.format,
});
export type ListCommentsQuery = z.infer<typeof listCommentsQuery>;

export const listRepliesQuery = listQuery.extend({ format: commentFormatQuery.shape.format });

/** PostCommentSchema: a body, on the space (or change request), a page, or a node of a page. */
export const postCommentBody = z
  .strictObject({
    body: commentBody,
    page: z.string().min(1).max(100).optional(),
    node: z.string().min(1).max(100).optional(),
    tableCell: z.strictObject({ record: z.string().min(1).max(100), definition: z.string().min(1).max(100) }).optional(),
  })
  // A node id only means something inside the page it is on.
  .refine((b) => b.node === undefined || b.page !== undefined, { message: 'give the page the node is on', path: ['node'] });
export type PostCommentInput = z.infer<typeof postCommentBody>;

/**
 * The app's comment on words (not part of `/v1`): where the selected text starts and ends in the page's body,
 * as the client computed them from its own copy of the body document (`Y.encodeRelativePosition`, base64).
 */
export const textAnchorInput = z.strictObject({
  start: z.string().min(1).max(2_000),
  end: z.string().min(1).max(2_000),
});
export type TextAnchorInput = z.infer<typeof textAnchorInput>;

/** UpdateCommentSchema. */
export const updateCommentBody = z.strictObject({
  resolved: z.boolean().optional(),
  body: commentBody.optional(),
  addedReactions: reactions.optional(),
  removedReactions: reactions.optional(),
});
export type UpdateCommentInput = z.infer<typeof updateCommentBody>;

export const postReplyBody = z.strictObject({ body: commentBody });
export type PostReplyInput = z.infer<typeof postReplyBody>;

/** UpdateCommentReplySchema (space prefix): no `resolved`, a reply has no status of its own. */
export const updateReplyBody = updateCommentBody.omit({ resolved: true });
/** A change request's replies take UpdateCommentSchema: `resolved` there resolves the thread. */
export const updateChangeRequestReplyBody = updateCommentBody;
export type UpdateReplyInput = z.infer<typeof updateChangeRequestReplyBody>;
