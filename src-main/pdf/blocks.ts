import type { Block } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import { blockText } from './block-text';
import { codeBlock } from './boxes';
import type { Cursor, Frame } from './cursor';
import type { Figures } from './figures';
import { images } from './image-blocks';
import { columns, expandable, stepper, tabs } from './layout-blocks';
import type { PdfLinks } from './links';
import { list } from './lists';
import { blankHtml, rawHtml } from './raw-html';
import { contentRef, embed, file, integration, math, openAPIOperation, swagger } from './reference-blocks';
import { inlineText } from './runs';
import { table } from './tables';
import { divider, heading, hint, paragraph, quote } from './text-blocks';

/** Lays out the blocks of a page's GitBook document, one after the other, in a frame. */
export class BlockWriter implements BlockHost {
  constructor(
    readonly cursor: Cursor,
    readonly figures: Figures,
    readonly links: PdfLinks,
  ) {}

  blocks(nodes: readonly Block[], frame: Frame): void {
    let previous: Block | undefined;
    for (const node of nodes) {
      if (silent(node)) continue;
      if (previous) this.cursor.gap(spacing(previous, node, frame));
      this.block(node, frame);
      previous = node;
    }
  }

  private block(node: Block, frame: Frame): void {
    try {
      this.layout(node, frame);
    } catch {
      // Whatever went wrong, the reader still gets the text.
      this.cursor.recover();
      try {
        const text = blockText(node);
        if (text.trim()) this.cursor.rich([{ text, style: {} }], frame);
      } catch {
        this.cursor.recover();
      }
    }
  }

  private layout(node: Block, frame: Frame): void {
    switch (node.type) {
      case 'paragraph':
        return paragraph(this, node, frame);
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
        return heading(this, node, frame);
      case 'divider':
        return divider(this, frame);
      case 'blockquote':
        return quote(this, node, frame);
      case 'hint':
        return hint(this, node, frame);
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return list(this, node, frame);
      case 'code':
        return codeBlock(this.cursor, node, frame);
      case 'images':
        return images(this, node, frame);
      case 'table':
        return table(this, node, frame);
      case 'tabs':
        return tabs(this, node, frame);
      case 'tabs-item':
      case 'stepper-step':
      case 'column':
        // Found outside their parent: their content.
        return this.blocks(node.nodes, frame);
      case 'stepper':
        return stepper(this, node, frame);
      case 'expandable':
        return expandable(this, node, frame);
      case 'columns':
        return columns(this, node, frame);
      case 'content-ref':
        return contentRef(this, node, frame);
      case 'embed':
        return embed(this, node, frame);
      case 'file':
        return file(this, node, frame);
      case 'math':
        return math(this, node, frame);
      case 'openapi-operation':
        return openAPIOperation(this, node, frame);
      case 'swagger':
        return swagger(this, node, frame);
      case 'integration':
        return integration(this, node, frame);
      default: {
        // Blocks GitBook has that Folio does not produce (drawings, integrations…): their text.
        const text = blockText(node);
        if (text.trim()) this.cursor.rich([{ text, style: { color: frame.color } }], frame);
      }
    }
  }
}

/** Blocks that print nothing: raw HTML comments, empty paragraphs. */
export function silent(node: Block): boolean {
  if (node.type !== 'paragraph') return false;
  const html = rawHtml(node);
  if (html) return blankHtml(html);
  return node.nodes.every((child) => child.object === 'text') && inlineText(node.nodes).trim() === '';
}

function spacing(previous: Block, node: Block, frame: Frame): number {
  if (node.type.startsWith('heading-')) return node.type === 'heading-1' ? 16 : 13;
  if (previous.type.startsWith('heading-')) return 5;
  return frame.tight ? 4 : 9;
}
