import type { Code } from '../../src-shared/gitbook-markdown/types';
import type { Cursor, Frame } from './cursor';
import { COLORS, FONTS } from './theme';
import { toWinAnsi } from './winansi';

/** How a box looks (see `box`): colours, and the room between its edges and its content. */
interface BoxLook {
  tint?: string;
  tintOpacity?: number;
  bar?: string;
  border?: string;
  padX: number;
  padY: number;
}

/**
 * Lays out `body` in a box: a tint, a bar on the left and/or a border. The box is drawn after its
 * content, on every PDF page the content ran onto, with the tint translucent so the text shows
 * through it.
 */
export function box(cursor: Cursor, frame: Frame, look: BoxLook, body: (inner: Frame) => void): void {
  const doc = cursor.doc;
  // Boxes nested until the column is narrow stop indenting: the text keeps a usable width.
  const roomy = frame.width > 160;
  const barWidth = look.bar && roomy ? 3 : 0;
  const padX = roomy ? look.padX : 0;
  const padY = roomy ? look.padY : 0;
  const indent = barWidth + padX;
  cursor.ensure(padY * 2 + cursor.lineHeight() * 2);
  const startPage = cursor.pageIndex;
  const startY = doc.y;
  doc.y += padY;
  body({ ...frame, x: frame.x + indent, width: frame.width - indent - padX, tight: false });
  doc.y += padY;
  const endPage = cursor.pageIndex;
  const endY = Math.min(doc.y, cursor.maxY);
  for (let page = startPage; page <= endPage; page += 1) {
    doc.switchToPage(page);
    // Where the content ran on from one PDF page to the next, the box reaches a little into the
    // margins, so that the text is not flush with its edges.
    const top = page === startPage ? startY : doc.page.margins.top - Math.max(padY, 4);
    const bottom = page === endPage ? endY : cursor.maxY + 4;
    if (bottom - top < 1) continue;
    doc.save();
    if (look.tint) doc.fillOpacity(look.tintOpacity ?? 0.08).rect(frame.x, top, frame.width, bottom - top).fill(look.tint);
    doc.restore();
    if (look.border) doc.save().lineWidth(0.6).strokeColor(look.border).rect(frame.x, top, frame.width, bottom - top).stroke().restore();
    if (barWidth > 0) doc.save().rect(frame.x, top, barWidth, bottom - top).fill(look.bar!).restore();
  }
  doc.switchToPage(endPage);
  doc.x = frame.x;
  doc.y = endY;
}

/** A code block: monospaced, in a tinted box with a border, under its title, lines numbered if asked. */
export function codeBlock(cursor: Cursor, node: Code, frame: Frame): void {
  const lines = node.nodes.map((line) => toWinAnsi(line.nodes.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join(''), { code: true }).replace(/ +$/, ''));
  const title = node.data.title?.trim();
  box(cursor, frame, { tint: '#000000', tintOpacity: 0.045, border: '#e5e7eb', padX: 10, padY: 8 }, (inner) => {
    const doc = cursor.doc;
    if (title) {
      doc.font(FONTS.sans[1]).fontSize(9).fillColor(COLORS.muted);
      doc.text(toWinAnsi(title), inner.x, doc.y, { width: inner.width, link: null, underline: false, strike: false });
      doc.y += 4;
    }
    doc.font(FONTS.mono[0]).fontSize(9).fillColor('#111827');
    const options = { lineGap: 2.2, link: null, underline: false, strike: false };
    if (!node.data.lineNumbers) {
      doc.text(lines.join('\n') || ' ', inner.x, doc.y, { ...options, width: inner.width });
      return;
    }
    // Numbers in a gutter of their own, so that the code's text reads without them when copied line by line.
    const gutter = doc.widthOfString(String(lines.length)) + 10;
    lines.forEach((line, i) => {
      cursor.ensure(cursor.lineHeight(9, 2.2));
      const y = doc.y;
      const number = String(i + 1);
      doc.fillColor(COLORS.muted).text(number, inner.x + gutter - 10 - doc.widthOfString(number), y, { ...options, lineBreak: false });
      doc.fillColor('#111827').text(line || ' ', inner.x + gutter, y, { ...options, width: Math.max(1, inner.width - gutter) });
    });
  });
}
