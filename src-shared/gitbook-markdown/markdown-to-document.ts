import { convertChildren } from './blocks';
import { newContext } from './context';
import { parseWithHints } from './hints';
import { extractOpenAPIBlocks } from './openapi-blocks';
import type { JSONDocument } from './types';

/**
 * A page's markdown body as GitBook's JSON document (`format=document`). Pure and deterministic:
 * the same markdown always gives the same document, keys included, so responses can be compared
 * and cached. The markdown stays the source of truth; the document is derived on each read.
 */
export function markdownToDocument(markdown: string): JSONDocument {
  const openAPI = extractOpenAPIBlocks(markdown);
  const { tree, tags } = parseWithHints(openAPI.markdown);
  const ctx = newContext(tags, openAPI.blocks);
  return { object: 'document', data: {}, nodes: convertChildren(tree.children, ctx, 'document') };
}
