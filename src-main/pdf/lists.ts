import type { List, RootContent } from 'mdast';
import { parse as parseHtml } from 'node-html-parser';
import type { HintTag } from '../../src-shared/gitbook-markdown/hints';
import type { Cursor, Frame } from './cursor';
import { blockImages, type Figures } from './figures';
import { BODY_SIZE, COLORS, FONTS, HEADING_SIZES } from './theme';

/** What a list needs of the block writer: its items hold blocks, laid out by it. */
export interface ListHost {
  readonly cursor: Cursor;
  readonly figures: Figures;
  hintTag(html: string): HintTag | undefined;
  blocks(nodes: readonly RootContent[], frame: Frame): void;
}

/** A list: each item's marker (bullet, number or checkbox), then its blocks, indented. */
export function list(host: ListHost, node: List, frame: Frame): void {
  const { cursor } = host;
  const doc = cursor.doc;
  const start = typeof node.start === 'number' && Number.isFinite(node.start) ? node.start : 1;
  const markers = node.children.map((_, i) => (node.ordered ? `${start + i}.` : ''));
  doc.font(FONTS.sans[0]).fontSize(BODY_SIZE);
  const markerWidth = node.ordered ? Math.max(...markers.map((m) => doc.widthOfString(m))) + 6 : 10;
  // Deeply nested lists stop indenting once the column gets narrow.
  const indent = frame.width - (markerWidth + 6) > 120 ? markerWidth + 6 : 0;
  const loose = node.spread === true || node.children.some((item) => item.spread === true);
  node.children.forEach((item, i) => {
    if (i > 0) cursor.gap(loose ? 7 : 3);
    const inner: Frame = { ...frame, x: frame.x + indent, width: frame.width - indent, level: frame.level + 1, tight: !loose };
    // The marker goes first (so the PDF's text reads in order), where the item's first block will
    // start: the room that block asks for is made now, so it does not move to the next page.
    cursor.ensure(roomFor(host, item.children[0] as RootContent | undefined, inner));
    const y = doc.y;
    if (indent > 0) {
      if (typeof item.checked === 'boolean') checkbox(doc, frame.x + markerWidth - 9, y, item.checked);
      else if (node.ordered) orderedMarker(doc, markers[i]!, frame.x + markerWidth - 4, y, frame.color);
      else bullet(doc, frame.x + 3, y, frame.level);
    }
    doc.x = frame.x;
    doc.y = y;
    if (item.children.length === 0) doc.y += cursor.lineHeight();
    else host.blocks(item.children as RootContent[], inner);
    doc.x = frame.x;
  });
}

/** The room a block makes sure of before it starts (see `ensure` in each layout method). */
function roomFor(host: ListHost, node: RootContent | undefined, frame: Frame): number {
  const { cursor, figures } = host;
  switch (node?.type) {
    case 'heading':
      return HEADING_SIZES[Math.min(node.depth, 3) as 1 | 2 | 3] * 1.3 + cursor.lineHeight() * 3;
    case 'code':
    case 'blockquote':
      return 18 + cursor.lineHeight() * 2 + 1;
    case 'html': {
      if (host.hintTag(node.value)) return 20 + cursor.lineHeight() * 2 + 1;
      const img = /<img\b/i.test(node.value) ? parseHtml(node.value).querySelector('img') : null;
      const caption = /<figcaption\b/i.test(node.value) ? 'caption' : '';
      const size = img ? figures.imageSize(img.getAttribute('src') ?? '', caption, frame) : undefined;
      return size ? size.height + (caption ? 20 : 0) : cursor.lineHeight();
    }
    case 'list':
      return roomFor(host, node.children[0]?.children[0] as RootContent | undefined, frame);
    case 'thematicBreak':
      return 14;
    case 'table':
      return 60;
    case 'paragraph': {
      const images = node.children[0] ? blockImages(node.children[0]) : undefined;
      const size = images?.[0] ? figures.imageSize(images[0].url, images[0].title ?? '', frame) : undefined;
      return size ? size.height + (images?.[0]?.title ? 20 : 0) : cursor.lineHeight();
    }
    default:
      return cursor.lineHeight();
  }
}

/** The vertical middle of a body line's lowercase letters, for a line drawn at `y`. */
function midline(y: number): number {
  return y + BODY_SIZE * 0.46;
}

function bullet(doc: PDFKit.PDFDocument, x: number, y: number, level: number): void {
  const cy = midline(y);
  doc.save().lineWidth(0.8);
  if (level % 3 === 0) doc.circle(x + 2, cy, 2).fill(COLORS.text);
  else if (level % 3 === 1) doc.circle(x + 2, cy, 1.9).stroke(COLORS.text);
  else doc.rect(x + 0.3, cy - 1.7, 3.4, 3.4).fill(COLORS.text);
  doc.restore();
}

function orderedMarker(doc: PDFKit.PDFDocument, marker: string, right: number, y: number, color: string): void {
  doc.font(FONTS.sans[0]).fontSize(BODY_SIZE).fillColor(color);
  doc.text(marker, right - doc.widthOfString(marker), y, { lineBreak: false, link: null, underline: false, strike: false });
}

function checkbox(doc: PDFKit.PDFDocument, x: number, y: number, checked: boolean): void {
  const size = 8.5;
  const top = midline(y) - size / 2;
  doc.save().lineWidth(0.8);
  if (checked) {
    doc.roundedRect(x, top, size, size, 1.5).fill('#2563eb');
    doc
      .lineWidth(1.3)
      .strokeColor('#ffffff')
      .moveTo(x + 1.9, top + 4.4)
      .lineTo(x + 3.6, top + 6.2)
      .lineTo(x + 6.7, top + 2.4)
      .stroke();
  } else {
    doc.roundedRect(x, top, size, size, 1.5).stroke('#6b7280');
  }
  doc.restore();
}
