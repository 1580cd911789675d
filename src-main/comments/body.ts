import type { CommentBodyInput } from '../../src-shared/schemas/comments';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import { badRequest } from '../errors';
import { documentRefWriter, treeLayout } from '../links/content-refs';
import type { Db } from '../store/database';

/** Where a comment is written: its content tree, and its page if it is on one (links are relative to the page's file). */
interface CommentSite {
  db: Db;
  treeId: string;
  pageId: string | null;
}

/**
 * Comments are stored as markdown: a JSON document is converted, and must not come out empty.
 * Its page, anchor and file references become markdown paths as in the page's own body.
 */
export function commentMarkdown(body: CommentBodyInput, site?: CommentSite): string {
  if ('markdown' in body) return body.markdown;
  let markdown: string;
  try {
    const writeRef = site && documentRefWriter(treeLayout(site.db, site.treeId), site.pageId);
    markdown = documentToMarkdown(body.document, writeRef ? { writeRef } : {});
  } catch (error) {
    throw badRequest(`body.document: ${(error as Error).message}`);
  }
  if (!markdown.trim()) throw badRequest('body.document: a comment cannot be empty');
  return markdown;
}
