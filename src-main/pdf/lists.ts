import type { Block, List } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import type { Frame } from './cursor';
import { blockImages, headingSize } from './text-blocks';
import { BODY_SIZE, COLORS, FONTS } from './theme';

/** An item's marker: a bullet, a number, a checkbox, or a step's number in a circle. */
type Marker = { kind: 'bullet' } | { kind: 'number'; text: string } | { kind: 'checkbox'; checked: boolean } | { kind: 'step'; text: string };

export function list(host: BlockHost, node: List, frame: Frame): void {
  const start = typeof node.data.start === 'number' && Number.isFinite(node.data.start) ? node.data.start : 1;
  const items = node.nodes.map((item, i) => {
    const marker: Marker =
      node.type === 'list-tasks' && typeof item.data.checked === 'boolean'
        ? { kind: 'checkbox', checked: item.data.checked }
        : node.type === 'list-ordered'
          ? { kind: 'number', text: `${start + i}.` }
          : { kind: 'bullet' };
    return { marker, blocks: item.nodes };
  });
  markedItems(host, items, frame);
}

/** Items each with a marker, then its blocks, indented (lists, and a stepper's steps). */
export function markedItems(host: BlockHost, items: ReadonlyArray<{ marker: Marker; blocks: readonly Block[] }>, frame: Frame, loose = false): void {
  const { cursor } = host;
  const doc = cursor.doc;
  doc.font(FONTS.sans[0]).fontSize(BODY_SIZE);
  const texts = items.map(({ marker }) => (marker.kind === 'number' || marker.kind === 'step' ? marker.text : ''));
  const markerWidth = texts.some(Boolean) ? Math.max(...texts.map((m) => doc.widthOfString(m))) + (items.some((i) => i.marker.kind === 'step') ? 12 : 6) : 10;
  // Deeply nested lists stop indenting once the column gets narrow.
  const indent = frame.width - (markerWidth + 6) > 120 ? markerWidth + 6 : 0;
  // A list whose items hold several blocks reads better with room between them.
  const spread = loose || items.some((item) => item.blocks.length > 1);
  items.forEach((item, i) => {
    if (i > 0) cursor.gap(spread ? 7 : 3);
    const inner: Frame = { ...frame, x: frame.x + indent, width: frame.width - indent, level: frame.level + 1, tight: !spread };
    // The marker goes first (so the PDF's text reads in order), where the item's first block will
    // start: the room that block asks for is made now, so it does not move to the next page.
    cursor.ensure(roomFor(host, item.blocks[0], inner));
    const y = doc.y;
    const page = cursor.pageIndex;
    if (indent > 0) drawMarker(doc, item.marker, frame, markerWidth, y);
    doc.x = frame.x;
    doc.y = y;
    host.blocks(item.blocks, inner);
    // An empty item still takes its line, so that the next marker does not print over this one.
    if (cursor.pageIndex === page && doc.y < y + cursor.lineHeight()) doc.y = y + cursor.lineHeight();
    doc.x = frame.x;
  });
}

function drawMarker(doc: PDFKit.PDFDocument, marker: Marker, frame: Frame, markerWidth: number, y: number): void {
  switch (marker.kind) {
    case 'checkbox':
      return checkbox(doc, frame.x + markerWidth - 9, y, marker.checked);
    case 'number':
      return numberMarker(doc, marker.text, frame.x + markerWidth - 4, y, frame.color);
    case 'step':
      return stepMarker(doc, marker.text, frame.x + markerWidth / 2 - 3, y);
    default:
      return bullet(doc, frame.x + 3, y, frame.level);
  }
}

/** The room a block makes sure of before it starts (see `ensure` in each layout function). */
function roomFor(host: BlockHost, node: Block | undefined, frame: Frame): number {
  const { cursor, figures } = host;
  switch (node?.type) {
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return headingSize(node) * 1.3 + cursor.lineHeight() * 3;
    case 'code':
    case 'blockquote':
    case 'hint':
      return 20 + cursor.lineHeight() * 2 + 1;
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return roomFor(host, node.nodes[0]?.nodes[0], frame);
    case 'divider':
      return 14;
    case 'table':
      return 60;
    case 'images': {
      const image = node.nodes[0];
      const size = image ? figures.imageSize(image.data.ref, image.fragments.length > 0 ? 'caption' : '', frame) : undefined;
      return size ? size.height + (image!.fragments.length > 0 ? 20 : 0) : cursor.lineHeight();
    }
    case 'paragraph': {
      const image = node.nodes.map(blockImages).find(Boolean)?.[0];
      const size = image ? figures.imageSize(image.data.ref, image.data.caption ?? '', frame) : undefined;
      return size ? size.height + (image?.data.caption ? 20 : 0) : cursor.lineHeight();
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

function numberMarker(doc: PDFKit.PDFDocument, marker: string, right: number, y: number, color: string): void {
  doc.font(FONTS.sans[0]).fontSize(BODY_SIZE).fillColor(color);
  doc.text(marker, right - doc.widthOfString(marker), y, { lineBreak: false, link: null, underline: false, strike: false });
}

/** A step's number, white in a filled circle, as GitBook's stepper draws it. */
function stepMarker(doc: PDFKit.PDFDocument, number: string, cx: number, y: number): void {
  const cy = midline(y);
  doc.save().circle(cx, cy, 8).fill(COLORS.link).restore();
  doc.font(FONTS.sans[1]).fontSize(9).fillColor('#ffffff');
  doc.text(number, cx - doc.widthOfString(number) / 2, cy - 4.2, { lineBreak: false, link: null, underline: false, strike: false });
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
