import { convertChildren } from './blocks';
import { type IncludeResolver, type RefResolver, newContext } from './context';
import { parseGitBookMarkdown } from './tags/parse';
import type { JSONDocument } from './types';

export interface MarkdownToDocumentOptions {
  /** Turns URLs into page, anchor and file references; without it every URL stays a URL reference. */
  resolveRef?: RefResolver;
  /**
   * Keep every block where the writer put it (columns, code in a hint, tabs in a list item…), for
   * the site and the PDF, which can draw any nesting. Without it the document fits GitBook's 0.137.0
   * spec, as `/v1` answers: a block the spec does not admit where it stands becomes what it admits.
   */
  keepStructure?: boolean;
  /**
   * Names the reusable content of each `{% include "path" %}` (the path as written, relative to the page
   * file's directory). An include it does not know, or any include without it, is left out of the document.
   */
  resolveInclude?: IncludeResolver;
}

/**
 * A page's markdown body as GitBook's JSON document (`format=document`). Pure and deterministic:
 * the same markdown (and resolver) always gives the same document, keys included, so responses can
 * be compared and cached. The markdown stays the source of truth; the document is derived on each read.
 */
export function markdownToDocument(markdown: string, options: MarkdownToDocumentOptions = {}): JSONDocument {
  // GitBook's tags, expandables and math are read by the parser itself (tags/parse.ts).
  const tree = parseGitBookMarkdown(markdown);
  const ctx = newContext(options.resolveRef, options.keepStructure ?? false, options.resolveInclude);
  return { object: 'document', data: {}, nodes: convertChildren(tree.children, ctx, 'document') };
}
