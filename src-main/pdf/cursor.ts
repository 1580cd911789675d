import { fontOf, mergeRuns, type Run } from './runs';
import { BODY_GAP, BODY_SIZE, COLORS } from './theme';
import { toWinAnsi } from './winansi';

/** The column blocks are laid out in. */
export interface Frame {
  x: number;
  width: number;
  color: string;
  /** Lists nested so far (bullets change with the level). */
  level: number;
  /** Tight list items: less space between their blocks. */
  tight: boolean;
}

/** Where the next block goes on the PDF page, and the text printed there. */
export class Cursor {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  get pageIndex(): number {
    const { start, count } = this.doc.bufferedPageRange();
    return start + count - 1;
  }

  atPageTop(): boolean {
    return this.doc.y <= this.doc.page.margins.top + 0.5;
  }

  /** Starts a new PDF page unless `height` fits on this one (or this one is still empty). */
  ensure(height: number): void {
    if (this.doc.y + height > this.maxY && !this.atPageTop()) this.doc.addPage();
  }

  gap(points: number): void {
    if (!this.atPageTop()) this.doc.y = Math.min(this.doc.y + points, this.maxY);
  }

  lineHeight(size = BODY_SIZE, gap = BODY_GAP): number {
    return size * 1.16 + gap;
  }

  /** Leaves PDFKit's text state clean after a failure in the middle of a paragraph. */
  recover(): void {
    const state = this.doc as unknown as { _wrapper: unknown; _textOptions: unknown };
    state._wrapper = null;
    state._textOptions = null;
  }

  /**
   * Prints styled runs as one flowing paragraph (PDFKit's `continued` text), wrapping within the
   * frame and onto new pages.
   */
  rich(
    input: readonly Run[],
    frame: Frame,
    base: { size?: number; lineGap?: number; align?: 'left' | 'center' } = {},
  ): void {
    const doc = this.doc;
    const size = base.size ?? BODY_SIZE;
    const lineGap = base.lineGap ?? BODY_GAP;
    const list = mergeRuns(input.map((run) => ({ text: toWinAnsi(run.text, { code: run.style.code || run.style.mono }), style: run.style })));
    // Whitespace at the edges would only indent the first line or pad the last.
    const first = list[0];
    if (first) first.text = first.text.replace(/^[ \n]+/, '');
    const last = list.at(-1);
    if (last) last.text = last.text.replace(/[ \n]+$/, '');
    const printable = list.filter((run) => run.text !== '');
    if (printable.length === 0) return;
    this.ensure(this.lineHeight(size, lineGap));
    printable.forEach((run, i) => {
      const { style } = run;
      doc
        .font(fontOf(style))
        .fontSize(size)
        .fillColor(style.color ?? (style.code ? COLORS.code : frame.color));
      const options: PDFKit.Mixins.TextOptions = {
        width: Math.max(1, frame.width),
        continued: i < printable.length - 1,
        lineGap,
        align: base.align ?? 'left',
        link: style.link ?? null,
        // PDFKit keeps a continued run's options: an absent destination must be reset, not left out.
        goTo: (style.goTo ?? null) as string | undefined,
        underline: Boolean(style.link || style.goTo),
        strike: Boolean(style.strike),
      };
      if (i === 0) doc.text(run.text, frame.x, doc.y, options);
      else doc.text(run.text, options);
    });
    doc.x = frame.x;
  }
}
