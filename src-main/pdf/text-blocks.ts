import type { Block, Heading, Hint, InlineContent, InlineImage, Paragraph, Quote } from '../../src-shared/gitbook-markdown/types';
import { box } from './boxes';
import type { BlockHost } from './block-host';
import type { Frame } from './cursor';
import { printRawHtml, rawHtml } from './raw-html';
import { inlineRuns } from './runs';
import { COLORS, HEADING_SIZES, HINT_COLORS } from './theme';

/** A paragraph: its text, with images on their own lines where they stand. */
export function paragraph(host: BlockHost, node: Paragraph, frame: Frame): void {
  const html = rawHtml(node);
  if (html) return printRawHtml(host.cursor, host.figures, html, frame);
  let pending: InlineContent[] = [];
  let printed = false;
  const flush = () => {
    const text = inlineRuns(pending, { color: frame.color }, host.links);
    pending = [];
    if (text.every((run) => run.text.trim() === '')) return;
    if (printed) host.cursor.gap(4);
    host.cursor.rich(text, frame);
    printed = true;
  };
  for (const child of node.nodes) {
    const images = blockImages(child);
    if (!images) {
      pending.push(child);
      continue;
    }
    flush();
    for (const image of images) {
      if (printed) host.cursor.gap(6);
      host.figures.image(image.data.ref, image.data.alt ?? '', image.data.caption ?? '', frame);
      printed = true;
    }
  }
  flush();
}

/** The images an inline stands for as blocks: an image, or a link around nothing but images. */
export function blockImages(node: InlineContent): InlineImage[] | undefined {
  if (node.object !== 'inline') return undefined;
  if (node.type === 'inline-image') return [node];
  if (node.type !== 'link') return undefined;
  const images = node.nodes.filter((child): child is InlineImage => child.object === 'inline' && child.type === 'inline-image');
  const blank = node.nodes.every((child) => child.object !== 'text' || child.leaves.every((leaf) => leaf.text.trim() === ''));
  return images.length > 0 && blank ? images : undefined;
}

export function headingSize(node: Heading): number {
  return HEADING_SIZES[Number(node.type.slice(-1)) as 1 | 2 | 3] ?? HEADING_SIZES[3];
}

export function heading(host: BlockHost, node: Heading, frame: Frame): void {
  const size = headingSize(node);
  // Keep a heading with the start of what follows it.
  host.cursor.ensure(size * 1.3 + host.cursor.lineHeight() * 3);
  // Links name a heading by its anchor, or by the id GitBook kept for it (`<a id="…">`).
  if (node.meta?.id) host.links.heading(node.meta.id);
  if (node.data?.id && node.data.id !== node.meta?.id) host.links.heading(node.data.id);
  host.cursor.rich(inlineRuns(node.nodes, { bold: true, color: COLORS.heading }, host.links), frame, { size, lineGap: 2 });
}

/** A small heading of its own (a tab's title, an expandable's summary), kept with what follows. */
export function label(host: BlockHost, text: string, frame: Frame, size = 11.5): void {
  host.cursor.ensure(size * 1.3 + host.cursor.lineHeight() * 2);
  host.cursor.rich([{ text, style: { bold: true, color: COLORS.heading } }], frame, { size, lineGap: 2 });
}

export function divider(host: BlockHost, frame: Frame): void {
  const { cursor } = host;
  cursor.ensure(14);
  const y = cursor.doc.y + 5;
  cursor.doc.save().lineWidth(0.8).strokeColor(COLORS.rule).moveTo(frame.x, y).lineTo(frame.x + frame.width, y).stroke().restore();
  cursor.doc.y = y + 6;
}

export function quote(host: BlockHost, node: Quote, frame: Frame): void {
  box(host.cursor, frame, { bar: COLORS.rule, padX: 11, padY: 2 }, (inner) => host.blocks(node.nodes, { ...inner, color: COLORS.quote }));
}

export function hint(host: BlockHost, node: Hint, frame: Frame): void {
  const color = HINT_COLORS[node.data.style] ?? HINT_COLORS.info;
  box(host.cursor, frame, { bar: color, tint: color, tintOpacity: 0.08, padX: 12, padY: 9 }, (inner) => host.blocks(node.nodes as Block[], inner));
}
