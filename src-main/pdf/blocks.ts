import type { Blockquote, Heading, Html, PhrasingContent, RootContent } from 'mdast';
import { parse as parseHtml } from 'node-html-parser';
import { groupHints, parseWithHints, type FlowNode, type HintNode, type HintTag } from '../../src-shared/gitbook-markdown/hints';
import { walk } from '../../src-shared/gitbook-markdown/parse';
import { box, codeBlock } from './boxes';
import type { Cursor, Frame } from './cursor';
import { blockImages, type Figures } from './figures';
import { plainTemplateTags } from './gitbook-tags';
import { list } from './lists';
import { runs } from './runs';
import { table } from './tables';
import { COLORS, HEADING_SIZES, HINT_COLORS } from './theme';

type Flow = FlowNode;

/** Lays out a page's markdown blocks, one after the other, in a frame. */
export class BlockWriter {
  private tags: HintTag[] = [];

  constructor(
    readonly cursor: Cursor,
    readonly figures: Figures,
  ) {}

  /** The blocks of a page's markdown (its hint tags kept for `hintTag`). */
  load(markdown: string): RootContent[] {
    try {
      const { tree, tags } = parseWithHints(plainTemplateTags(markdown));
      this.tags = tags;
      return tree.children;
    } catch {
      this.tags = [];
      return [{ type: 'paragraph', children: [{ type: 'text', value: markdown }] }];
    }
  }

  blocks(nodes: readonly RootContent[], frame: Frame): void {
    this.blocksOfFlow(groupHints(nodes, (html) => this.hintTag(html)), frame);
  }

  private spacing(previous: Flow, node: Flow, frame: Frame): number {
    if (node.type === 'heading') return node.depth <= 1 ? 16 : 13;
    if (previous.type === 'heading') return 5;
    return frame.tight ? 4 : 9;
  }

  /** Nodes that print nothing: link reference definitions, HTML comments. */
  silent(node: Flow): boolean {
    if (node.type === 'definition') return true;
    if (node.type !== 'html') return false;
    if (this.hintTag(node.value)) return false;
    try {
      const root = parseHtml(node.value);
      return root.querySelectorAll('img').length === 0 && root.text.trim() === '';
    } catch {
      return false;
    }
  }

  hintTag(html: string): HintTag | undefined {
    const match = /^<!--folio-hint-(\d+)-->$/.exec(html.trim());
    return match ? this.tags[Number(match[1])] : undefined;
  }

  private block(node: Flow, frame: Frame): void {
    try {
      this.layout(node, frame);
    } catch {
      // Whatever went wrong, the reader still gets the text.
      this.cursor.recover();
      try {
        const text = node.type === 'folioHint' ? node.children.map(flowText).join('\n\n') : flowText(node);
        if (text.trim()) this.cursor.rich([{ text, style: {} }], frame);
      } catch {
        this.cursor.recover();
      }
    }
  }

  private layout(node: Flow, frame: Frame): void {
    switch (node.type) {
      case 'folioHint':
        return this.hint(node, frame);
      case 'paragraph':
        return this.paragraph(node.children, frame);
      case 'heading':
        return this.heading(node, frame);
      case 'thematicBreak':
        return this.divider(frame);
      case 'blockquote':
        return this.quote(node, frame);
      case 'list':
        return list(this, node, frame);
      case 'code':
        return codeBlock(this.cursor, node, frame);
      case 'table':
        return table(this.cursor, node, frame);
      case 'html':
        return this.html(node, frame);
      case 'definition':
        return;
      default: {
        const text = flowText(node);
        if (text.trim()) this.cursor.rich([{ text, style: {} }], frame);
      }
    }
  }

  private heading(node: Heading, frame: Frame): void {
    const size = HEADING_SIZES[Math.min(node.depth, 3) as 1 | 2 | 3];
    // Keep a heading with the start of what follows it.
    this.cursor.ensure(size * 1.3 + this.cursor.lineHeight() * 3);
    this.cursor.rich(runs(node.children, { bold: true, color: COLORS.heading }), frame, { size, lineGap: 2 });
  }

  /** A paragraph: its text, with images on their own lines where they stand. */
  private paragraph(children: readonly PhrasingContent[], frame: Frame): void {
    let pending: PhrasingContent[] = [];
    let printed = false;
    const flush = () => {
      const text = runs(pending, { color: frame.color });
      pending = [];
      if (text.length === 0) return;
      if (printed) this.cursor.gap(4);
      this.cursor.rich(text, frame);
      printed = true;
    };
    for (const child of children) {
      const images = blockImages(child);
      if (!images) {
        pending.push(child);
        continue;
      }
      flush();
      for (const image of images) {
        if (printed) this.cursor.gap(6);
        this.figures.image(image.url, image.alt ?? '', image.title ?? '', frame);
        printed = true;
      }
    }
    flush();
  }

  private divider(frame: Frame): void {
    this.cursor.ensure(14);
    const y = this.cursor.doc.y + 5;
    this.cursor.doc.save().lineWidth(0.8).strokeColor(COLORS.rule).moveTo(frame.x, y).lineTo(frame.x + frame.width, y).stroke().restore();
    this.cursor.doc.y = y + 6;
  }

  private quote(node: Blockquote, frame: Frame): void {
    box(this.cursor, frame, { bar: COLORS.rule, padX: 11, padY: 2 }, (inner) => this.blocks(node.children as RootContent[], { ...inner, color: COLORS.quote }));
  }

  private hint(node: HintNode, frame: Frame): void {
    const color = HINT_COLORS[node.style] ?? HINT_COLORS.info;
    box(this.cursor, frame, { bar: color, tint: color, tintOpacity: 0.08, padX: 12, padY: 9 }, (inner) => this.blocksOfFlow(node.children, inner));
  }

  /** Blocks already grouped into hints (a hint's children). */
  private blocksOfFlow(flow: readonly Flow[], frame: Frame): void {
    let previous: Flow | undefined;
    for (const node of flow) {
      if (this.silent(node)) continue;
      if (previous) this.cursor.gap(this.spacing(previous, node, frame));
      this.block(node, frame);
      previous = node;
    }
  }

  private html(node: Html, frame: Frame): void {
    const tag = this.hintTag(node.value);
    if (tag) {
      // A hint tag without its partner is shown as written.
      this.cursor.rich([{ text: tag.text, style: { color: frame.color } }], frame);
      return;
    }
    const root = parseHtml(node.value);
    const images = root.querySelectorAll('img');
    if (images.length === 0) {
      const text = root.text.replace(/[ \t\r\n]+/g, ' ').trim();
      if (text) this.cursor.rich([{ text, style: { color: frame.color } }], frame);
      return;
    }
    // GitBook writes images as <figure><img src alt><figcaption>...</figcaption></figure>.
    const caption = root.querySelector('figcaption')?.text.replace(/\s+/g, ' ').trim() ?? '';
    images.forEach((img, i) => {
      if (i > 0) this.cursor.gap(6);
      this.figures.image(img.getAttribute('src') ?? '', img.getAttribute('alt') ?? '', i === images.length - 1 ? caption : '', frame);
    });
  }

}

/** The text of any block, for blocks printed plainly. */
function flowText(node: Flow): string {
  if (node.type === 'folioHint') return node.children.map(flowText).join('\n');
  const parts: string[] = [];
  for (const child of walk(node)) {
    if (child.type === 'text' || child.type === 'inlineCode' || child.type === 'code') parts.push(child.value);
    else if (child.type === 'image') parts.push(child.alt ?? '');
    else if (child.type === 'paragraph' || child.type === 'heading' || child.type === 'listItem') parts.push('\n');
  }
  return parts.join('').replace(/\n{2,}/g, '\n').trim();
}
