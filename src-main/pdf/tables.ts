import type { Table } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import { cards, tableCells } from './cards';
import type { Frame } from './cursor';
import { COLORS, FONTS } from './theme';
import { toWinAnsi } from './winansi';

/** GitBook's table block: a grid, or a cards view printed as a list of cards. */
export function table(host: BlockHost, node: Table, frame: Frame): void {
  if (node.data.view.type === 'cards') return cards(host, node, frame);
  const { header, rows: body, alignments } = tableCells(host, node);
  const hideHeader = node.data.view.hideHeader;
  grid(host, hideHeader ? body : [header, ...body], hideHeader ? -1 : 0, alignments, frame);
}

/**
 * A table whose columns share the frame's width, its header row (`headerRow`, -1 for none)
 * repeated on each page it runs onto.
 */
function grid(host: BlockHost, rows: string[][], headerRow: number, alignments: Array<'left' | 'center' | 'right'>, frame: Frame): void {
  const { cursor } = host;
  const doc = cursor.doc;
  const columns = Math.max(0, ...rows.map((row) => row.length));
  if (columns === 0 || rows.length === 0) return;
  const size = 9.5;
  const pad = 5;
  const lineGap = 1.5;
  const cells = rows.map((row) => Array.from({ length: columns }, (_, c) => toWinAnsi(row[c] ?? '').trim()));
  const fontOf = (r: number) => (r === headerRow ? FONTS.sans[1] : FONTS.sans[0]);

  // Columns share the width by their longest line, each keeping a usable minimum.
  const natural = Array.from({ length: columns }, (_, c) =>
    Math.max(
      24,
      ...cells.map((row, r) => {
        doc.font(fontOf(r)).fontSize(size);
        return Math.max(0, ...row[c]!.split('\n').map((line) => doc.widthOfString(line))) + pad * 2;
      }),
    ),
  );
  const total = natural.reduce((a, b) => a + b, 0);
  const floor = Math.min(60, frame.width / columns);
  let widths = natural.map((w) => Math.max(floor, (w / total) * frame.width));
  const sum = widths.reduce((a, b) => a + b, 0);
  widths = widths.map((w) => (w / sum) * frame.width);

  const align = (c: number) => alignments[c] ?? 'left';
  const heightOf = (r: number) => {
    let height = 0;
    cells[r]!.forEach((text, c) => {
      doc.font(fontOf(r)).fontSize(size);
      height = Math.max(height, doc.heightOfString(text || ' ', { width: Math.max(1, widths[c]! - pad * 2), lineGap }));
    });
    return Math.min(height + pad * 2, cursor.maxY - doc.page.margins.top);
  };
  const drawRow = (r: number, height: number) => {
    const y = doc.y;
    let x = frame.x;
    if (r === headerRow) doc.save().rect(frame.x, y, frame.width, height).fill(COLORS.header).restore();
    cells[r]!.forEach((text, c) => {
      const width = widths[c]!;
      if (text) {
        doc.font(fontOf(r)).fontSize(size).fillColor(r === headerRow ? COLORS.heading : frame.color);
        doc.text(text, x + pad, y + pad, {
          width: Math.max(1, width - pad * 2),
          height: height - pad * 2 + 1,
          ellipsis: true,
          lineGap,
          align: align(c),
          link: null,
          underline: false,
          strike: false,
        });
      }
      doc.save().lineWidth(0.6).strokeColor(COLORS.border).rect(x, y, width, height).stroke().restore();
      x += width;
    });
    doc.x = frame.x;
    doc.y = y + height;
  };

  const first = headerRow === 0 ? 1 : 0;
  const headerHeight = headerRow === 0 ? heightOf(0) : 0;
  cursor.ensure(headerHeight + (rows.length > first ? heightOf(first) : 0));
  if (headerRow === 0) drawRow(0, headerHeight);
  for (let r = first; r < rows.length; r += 1) {
    const height = heightOf(r);
    if (doc.y + height > cursor.maxY) {
      doc.addPage();
      // The header row again at the top of each page the table continues on.
      if (headerRow === 0) drawRow(0, headerHeight);
    }
    drawRow(r, height);
  }
}
