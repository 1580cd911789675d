import type { Block, JSONDocument } from '../types';
import { codeHtml } from './code';
import { columnsHtml } from './columns';
import { newRenderContext, type RenderContext } from './context';
import { expandableHtml } from './expandable';
import { hintHtml } from './hint';
import { imagesHtml } from './images';
import { inlinesHtml } from './inline';
import { contentRefHtml, embedHtml, fileHtml, integrationHtml } from './link-cards';
import type { DocumentLinks, RenderOptions } from './links';
import { mathHtml } from './math';
import { openAPIOperationHtml, swaggerHtml } from './openapi';
import { headingAnchors, reusableContentHtml } from './reusable-content';
import { stepperHtml } from './stepper';
import { tableHtml } from './table';
import { tabsHtml } from './tabs';
import { headingHtml, listHtml, paragraphHtml, quoteHtml } from './text-blocks';

export type { DocumentLinks, RenderOptions } from './links';

/**
 * GitBook's JSON document as HTML, for the published site and the editor's preview. Pure (no DOM, no
 * Node): a string of HTML in which every text is escaped, every URL is web, mail or relative, and nothing
 * runs script or needs inline style, so it shows under the site's CSP (`default-src 'none'; style-src
 * 'self'`). Interactive blocks (tabs, expandables) work with CSS and plain HTML alone.
 */
export function renderDocument(doc: JSONDocument, links: DocumentLinks, options: RenderOptions = {}): string {
  const ctx = newRenderContext(links, options, { blocks: blocksHtml, inlines: inlinesHtml }, () => headingAnchors(doc.nodes));
  return ctx.blocks(doc.nodes);
}

function blocksHtml(nodes: readonly Block[], ctx: RenderContext): string {
  return nodes.map((block) => blockHtml(block, ctx)).join('');
}

function blockHtml(block: Block, ctx: RenderContext): string {
  switch (block.type) {
    case 'paragraph':
      return paragraphHtml(block, ctx);
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return headingHtml(block, ctx);
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return listHtml(block, ctx);
    case 'blockquote':
      return quoteHtml(block, ctx);
    case 'divider':
      return '<hr>';
    case 'hint':
      return hintHtml(block, ctx);
    case 'code':
      return codeHtml(block, ctx);
    case 'images':
      return imagesHtml(block, ctx);
    case 'table':
      return tableHtml(block, ctx);
    case 'tabs':
      return tabsHtml(block, ctx);
    case 'stepper':
      return stepperHtml(block, ctx);
    case 'expandable':
      return expandableHtml(block, ctx);
    case 'content-ref':
      return contentRefHtml(block, ctx);
    case 'embed':
      return embedHtml(block, ctx);
    case 'file':
      return fileHtml(block, ctx);
    case 'integration':
      return integrationHtml(block);
    case 'math':
      return mathHtml(block.data.formula, true);
    case 'columns':
      return columnsHtml(block, ctx);
    case 'openapi-operation':
      return openAPIOperationHtml(block, ctx);
    case 'swagger':
      return swaggerHtml(block, ctx);
    case 'reusable-content':
      return reusableContentHtml(block, ctx);
    default:
      // Parts of another block met on their own (a tab, a step, a column) show
      // their content; blocks this renderer does not know (drawings) show nothing.
      return 'nodes' in block && Array.isArray(block.nodes) ? ctx.blocks(block.nodes as Block[]) : '';
  }
}
