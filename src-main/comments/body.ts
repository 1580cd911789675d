import type { CommentBodyInput } from '../../src-shared/schemas/comments';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import { badRequest } from '../errors';

/** Comments are stored as markdown: a JSON document is converted, and must not come out empty. */
export function commentMarkdown(body: CommentBodyInput): string {
  if ('markdown' in body) return body.markdown;
  let markdown: string;
  try {
    markdown = documentToMarkdown(body.document);
  } catch (error) {
    throw badRequest(`body.document: ${(error as Error).message}`);
  }
  if (!markdown.trim()) throw badRequest('body.document: a comment cannot be empty');
  return markdown;
}
