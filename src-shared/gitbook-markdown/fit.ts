import type { ConvertContext } from './context';
import { leaf, type Piece } from './inlines';
import { openAPIBlockText } from './openapi-blocks';
import { paragraph, tableAsParagraphs } from './table';
import { downgradeGitBookBlock } from './tags/downgrade';
import type { Block, BlockType, InlineImage } from './types';

/**
 * Where GitBook's spec (0.137.0, the version Folio answers to) admits each kind of block. Markdown
 * nests anything in anything; a block the spec does not admit where it stands is turned into
 * something it does admit rather than dropped.
 */
export type Container = 'document' | 'hint' | 'blockquote' | 'list-item' | 'tabs-item' | 'stepper-step' | 'column' | 'expandable-body';

const ESSENTIALS: BlockType[] = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];

// What a tab, a step and a column admit alike (DocumentBlockTabsItem/StepperStep/Column.nodes, in both specs).
const PANEL: BlockType[] = [...ESSENTIALS, 'blockquote', 'code', 'content-ref', 'embed', 'file', 'hint', 'images', 'integration', 'math'];

/** Each container admits what both the 0.137.0 and the newest spec admit (documents are checked against both). */
const ALLOWED: Record<Container, ReadonlySet<BlockType>> = {
  // DocumentBlocksTopLevels. Not `columns`: 0.137.0 admits them nowhere in a document.
  document: new Set([
    ...ESSENTIALS,
    'blockquote',
    'hint',
    'images',
    'code',
    'table',
    'openapi-operation',
    ...(['tabs', 'stepper', 'expandable', 'content-ref', 'embed', 'file', 'math', 'swagger', 'integration', 'reusable-content'] as const),
  ]),
  'tabs-item': new Set(PANEL),
  'stepper-step': new Set(PANEL),
  column: new Set(PANEL),
  // DocumentBlockExpandable's body fragment
  'expandable-body': new Set([...ESSENTIALS, 'blockquote', 'code', 'hint', 'images', 'table', 'reusable-content']),
  // DocumentBlockHint.nodes: DocumentBlocksEssentials only
  hint: new Set(ESSENTIALS),
  // DocumentBlockQuote.nodes: essentials or quotes
  blockquote: new Set([...ESSENTIALS, 'blockquote']),
  // DocumentBlockListItem.nodes: essentials, code, hint, quote, math, table
  'list-item': new Set([...ESSENTIALS, 'code', 'hint', 'blockquote', 'table', 'math']),
};

export function fitBlocks(blocks: Block[], container: Container, ctx: ConvertContext): Block[] {
  const fitted = ctx.keepStructure ? blocks : blocks.flatMap((block) => (ALLOWED[container].has(block.type) ? [block] : downgrade(block, container, ctx)));
  // An empty hint, quote or list item would be an empty box in GitBook's editor: give it a line.
  return fitted.length > 0 || container === 'document' ? fitted : [paragraph(ctx.key(), [], ctx)];
}

function downgrade(block: Block, container: Container, ctx: ConvertContext): Block[] {
  switch (block.type) {
    case 'images':
      // Block images become inline images, which any paragraph may hold.
      return [paragraph(block.key, block.nodes.map((image): Piece => {
        const caption = image.fragments[0]?.nodes.flatMap((p) => p.nodes).map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : '')).join('');
        const data: InlineImage['data'] = { ...image.data, ...(caption ? { caption } : {}) };
        return { object: 'inline', type: 'inline-image', key: image.key, isVoid: true, data };
      }), ctx)];
    case 'code':
      // Code where no code block may stand: the same text, in the code mark.
      return [paragraph(block.key, [leaf(block.nodes.map((line) => line.nodes.map((t) => t.leaves.map((l) => l.text).join('')).join('')).join('\n'), ['code'])], ctx)];
    case 'blockquote':
    case 'hint':
      // The frame goes, its content stays.
      return fitBlocks(block.nodes, container, ctx);
    case 'table':
      return tableAsParagraphs(block, ctx);
    case 'openapi-operation':
      // GitBook admits OpenAPI blocks at the top level only: elsewhere the operation is named in a line.
      return [paragraph(block.key, [leaf(openAPIBlockText({ spec: block.data.ref.spec, path: block.data.path, method: block.data.method }))], ctx)];
    default:
      // GitBook's tag blocks, expandables, math (tags/).
      return downgradeGitBookBlock(block, container, ctx, fitBlocks) ?? [block];
  }
}
