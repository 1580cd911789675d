import type { Blockquote, Code, Heading, Html, List, PhrasingContent, RootContent, Table } from 'mdast';
import { parse as parseHtml } from 'node-html-parser';
import PDFDocument from 'pdfkit';
import { groupHints, parseWithHints, type FlowNode, type HintNode, type HintTag } from '../content/document/hints';
import { textContent, walk } from '../content/document/parse';
import type { HintStyle } from '../content/document/types';
import { plainTemplateTags } from './gitbook-tags';
import { embeddableImage } from './images';
import { toWinAnsi } from './winansi';

/** A page to print, in reading order. */
export interface PdfPage {
  title: string;
  markdown: string;
  /** 0 for a top-level page; nests the PDF's outline (bookmarks). */
  depth: number;
  /** Printed under the title. */
  description?: string;
  /**
   * A group of pages (GitBook's sidebar sections): its title is printed as a section label and the
   * next page follows on the same PDF page instead of starting a new one.
   */
  section?: boolean;
}

export interface ResolvedImage {
  bytes: Uint8Array;
  contentType: string;
}

/** Finds an image's bytes from its URL as written in the markdown (`.gitbook/assets/<name>`). */
export type ImageResolver = (url: string) => ResolvedImage | undefined;

export interface RenderOptions {
  /** The document's title (its metadata and the running footer). */
  title: string;
  /** The document's creation date in its metadata (default: now). */
  createdAt?: Date;
}

/**
 * Renders pages to a PDF with PDFKit, from each page's markdown AST: every page starts on a new PDF
 * page under its title; headings, paragraphs (bold, italic, code, links with their URL), lists
 * (nested, numbered, tasks), code blocks, quotes, GitBook hints, tables, dividers and images (PNG
 * and JPEG through `resolveImage`; others are shown as their alt text). Only PDFKit's standard
 * fonts are used, so nothing is loaded from disk or network. Odd markdown never throws: a block
 * that cannot be laid out is printed as its plain text.
 */
export async function renderPdf(pages: readonly PdfPage[], resolveImage: ImageResolver | undefined, options: RenderOptions): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    displayTitle: true,
    info: {
      Title: options.title,
      Creator: 'Folio',
      Producer: 'Folio (PDFKit)',
      CreationDate: options.createdAt ?? new Date(),
    },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const writer = new Writer(doc, resolveImage);
  if (pages.length === 0) writer.emptyDocument(options.title);
  const outline: PDFKit.PDFOutline[] = [];
  let followsSection = false;
  for (const [i, page] of pages.entries()) {
    if (i > 0 && !followsSection) doc.addPage();
    const depth = Math.max(0, Math.min(Math.floor(page.depth) || 0, outline.length));
    const item = (outline[depth - 1] ?? doc.outline).addItem(page.title || 'Untitled');
    outline.splice(depth, outline.length, item);
    writer.page(page, followsSection);
    followsSection = page.section === true;
    // A large space is printed without holding the event loop for the whole document.
    await new Promise((resolve) => setImmediate(resolve));
  }
  writer.footers(options.title);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

const MARGINS = { top: 62, bottom: 62, left: 62, right: 62 };
const FONTS = {
  sans: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  mono: ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
} as const;
const BODY_SIZE = 10.5;
const BODY_GAP = 3.2;
const COLORS = {
  text: '#1f2937',
  heading: '#111827',
  muted: '#6b7280',
  quote: '#4b5563',
  link: '#1d4ed8',
  code: '#9f1239',
  rule: '#d1d5db',
  border: '#d1d5db',
  header: '#f3f4f6',
};
const HINT_COLORS: Record<HintStyle, string> = { info: '#2563eb', success: '#16a34a', warning: '#d97706', danger: '#dc2626' };
const HEADING_SIZES = { 1: 17, 2: 14, 3: 12 } as const;
const TITLE_SIZE = 22;
/** PDF points per CSS pixel: images keep their natural size (at 96 dpi) unless wider than the column. */
const POINTS_PER_PIXEL = 0.75;

/** The column blocks are laid out in. */
interface Frame {
  x: number;
  width: number;
  color: string;
  /** Lists nested so far (bullets change with the level). */
  level: number;
  /** Tight list items: less space between their blocks. */
  tight: boolean;
}

interface Style {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** An absolute URL the text links to. */
  link?: string;
  color?: string;
}

interface Run {
  text: string;
  style: Style;
}

/** What PDFKit's `openImage` gives (not in its type definitions). */
interface OpenedImage {
  width: number;
  height: number;
  orientation?: number;
}

type Flow = FlowNode;

class Writer {
  private tags: HintTag[] = [];
  private readonly images = new Map<string, OpenedImage | null>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly resolveImage: ImageResolver | undefined,
  ) {}

  // ---- pages ----------------------------------------------------------------------------------

  page(page: PdfPage, followsSection: boolean): void {
    const frame = this.column();
    if (page.section) {
      this.sectionLabel(page.title, frame);
    } else {
      if (followsSection) this.doc.y += 4;
      this.pageTitle(page.title, frame);
      if (page.description?.trim()) {
        this.doc.y += 8;
        this.rich([{ text: page.description.trim(), style: { color: COLORS.muted } }], frame, { size: 11.5 });
      }
    }
    let flow: RootContent[];
    try {
      const { tree, tags } = parseWithHints(plainTemplateTags(page.markdown));
      this.tags = tags;
      flow = tree.children;
    } catch {
      this.tags = [];
      flow = [{ type: 'paragraph', children: [{ type: 'text', value: page.markdown }] }];
    }
    // Markdown that opens with its page's title as a heading would print it twice.
    const opening = flow.find((node) => !this.silent(node));
    if (opening?.type === 'heading' && sameTitle(textContent(opening), page.title)) flow = flow.slice(flow.indexOf(opening) + 1);
    if (flow.some((node) => !this.silent(node))) {
      this.doc.y += page.section ? 4 : 10;
      this.blocks(flow, frame);
    }
    if (page.section) this.doc.y += 14;
  }

  emptyDocument(title: string): void {
    const frame = this.column();
    this.pageTitle(title, frame);
    this.doc.y += 10;
    this.rich([{ text: 'There are no pages to print.', style: { italic: true, color: COLORS.muted } }], frame);
  }

  /** The document title and page numbers at the foot of every page. */
  footers(title: string): void {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i += 1) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      // Text below the bottom margin would otherwise start a new page.
      doc.page.margins.bottom = 0;
      const y = doc.page.height - bottom + 24;
      const left = doc.page.margins.left;
      const right = doc.page.width - doc.page.margins.right;
      const number = `${i - start + 1} / ${count}`;
      doc.font(FONTS.sans[0]).fontSize(8).fillColor(COLORS.muted);
      const numberWidth = doc.widthOfString(number);
      doc.text(truncate(doc, toWinAnsi(title), right - left - numberWidth - 24), left, y, { lineBreak: false });
      doc.text(number, right - numberWidth, y, { lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }

  private column(): Frame {
    const { margins, width } = this.doc.page;
    return { x: margins.left, width: width - margins.left - margins.right, color: COLORS.text, level: 0, tight: false };
  }

  private pageTitle(title: string, frame: Frame): void {
    this.ensure(TITLE_SIZE * 2 + 40);
    this.rich([{ text: title || 'Untitled', style: { bold: true, color: COLORS.heading } }], frame, { size: TITLE_SIZE, lineGap: 2 });
    const y = this.doc.y + 3;
    this.doc.save().lineWidth(0.8).strokeColor(COLORS.rule).moveTo(frame.x, y).lineTo(frame.x + frame.width, y).stroke().restore();
    this.doc.y = y + 1;
  }

  private sectionLabel(title: string, frame: Frame): void {
    this.ensure(120);
    this.rich([{ text: (title || 'Untitled').toUpperCase(), style: { bold: true, color: COLORS.muted } }], frame, { size: 10, lineGap: 1 });
  }

  // ---- layout helpers ---------------------------------------------------------------------------

  private get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private get pageIndex(): number {
    const { start, count } = this.doc.bufferedPageRange();
    return start + count - 1;
  }

  private atPageTop(): boolean {
    return this.doc.y <= this.doc.page.margins.top + 0.5;
  }

  /** Starts a new PDF page unless `height` fits on this one (or this one is still empty). */
  private ensure(height: number): void {
    if (this.doc.y + height > this.maxY && !this.atPageTop()) this.doc.addPage();
  }

  private gap(points: number): void {
    if (!this.atPageTop()) this.doc.y = Math.min(this.doc.y + points, this.maxY);
  }

  private lineHeight(size = BODY_SIZE, gap = BODY_GAP): number {
    return size * 1.16 + gap;
  }

  // ---- blocks -----------------------------------------------------------------------------------

  private blocks(nodes: readonly RootContent[], frame: Frame): void {
    this.blocksOfFlow(groupHints(nodes, (html) => this.hintTag(html)), frame);
  }

  private spacing(previous: Flow, node: Flow, frame: Frame): number {
    if (node.type === 'heading') return node.depth <= 1 ? 16 : 13;
    if (previous.type === 'heading') return 5;
    return frame.tight ? 4 : 9;
  }

  /** Nodes that print nothing: link reference definitions, HTML comments. */
  private silent(node: Flow): boolean {
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

  private hintTag(html: string): HintTag | undefined {
    const match = /^<!--folio-hint-(\d+)-->$/.exec(html.trim());
    return match ? this.tags[Number(match[1])] : undefined;
  }

  private block(node: Flow, frame: Frame): void {
    try {
      this.layout(node, frame);
    } catch {
      // Whatever went wrong, the reader still gets the text.
      this.recover();
      try {
        const text = node.type === 'folioHint' ? node.children.map(flowText).join('\n\n') : flowText(node);
        if (text.trim()) this.rich([{ text, style: {} }], frame);
      } catch {
        this.recover();
      }
    }
  }

  /** Leaves PDFKit's text state clean after a failure in the middle of a paragraph. */
  private recover(): void {
    const state = this.doc as unknown as { _wrapper: unknown; _textOptions: unknown };
    state._wrapper = null;
    state._textOptions = null;
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
        return this.list(node, frame);
      case 'code':
        return this.code(node, frame);
      case 'table':
        return this.table(node, frame);
      case 'html':
        return this.html(node, frame);
      case 'definition':
        return;
      default: {
        const text = flowText(node);
        if (text.trim()) this.rich([{ text, style: {} }], frame);
      }
    }
  }

  private heading(node: Heading, frame: Frame): void {
    const size = HEADING_SIZES[Math.min(node.depth, 3) as 1 | 2 | 3];
    // Keep a heading with the start of what follows it.
    this.ensure(size * 1.3 + this.lineHeight() * 3);
    this.rich(runs(node.children, { bold: true, color: COLORS.heading }), frame, { size, lineGap: 2 });
  }

  /** A paragraph: its text, with images on their own lines where they stand. */
  private paragraph(children: readonly PhrasingContent[], frame: Frame): void {
    let pending: PhrasingContent[] = [];
    let printed = false;
    const flush = () => {
      const text = runs(pending, { color: frame.color });
      pending = [];
      if (text.length === 0) return;
      if (printed) this.gap(4);
      this.rich(text, frame);
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
        if (printed) this.gap(6);
        this.image(image.url, image.alt ?? '', image.title ?? '', frame);
        printed = true;
      }
    }
    flush();
  }

  private divider(frame: Frame): void {
    this.ensure(14);
    const y = this.doc.y + 5;
    this.doc.save().lineWidth(0.8).strokeColor(COLORS.rule).moveTo(frame.x, y).lineTo(frame.x + frame.width, y).stroke().restore();
    this.doc.y = y + 6;
  }

  private quote(node: Blockquote, frame: Frame): void {
    this.box(frame, { bar: COLORS.rule, padX: 11, padY: 2 }, (inner) => this.blocks(node.children as RootContent[], { ...inner, color: COLORS.quote }));
  }

  private hint(node: HintNode, frame: Frame): void {
    const color = HINT_COLORS[node.style] ?? HINT_COLORS.info;
    this.box(frame, { bar: color, tint: color, tintOpacity: 0.08, padX: 12, padY: 9 }, (inner) => this.blocksOfFlow(node.children, inner));
  }

  /** Blocks already grouped into hints (a hint's children). */
  private blocksOfFlow(flow: readonly Flow[], frame: Frame): void {
    let previous: Flow | undefined;
    for (const node of flow) {
      if (this.silent(node)) continue;
      if (previous) this.gap(this.spacing(previous, node, frame));
      this.block(node, frame);
      previous = node;
    }
  }

  private code(node: Code, frame: Frame): void {
    const text = toWinAnsi(node.value, { code: true }).replace(/ +$/gm, '') || ' ';
    this.box(frame, { tint: '#000000', tintOpacity: 0.045, border: '#e5e7eb', padX: 10, padY: 8 }, (inner) => {
      this.doc.font(FONTS.mono[0]).fontSize(9).fillColor('#111827');
      this.doc.text(text, inner.x, this.doc.y, { width: inner.width, lineGap: 2.2, link: null, underline: false, strike: false });
    });
  }

  /**
   * Lays out `body` in a box: a tint, a bar on the left and/or a border. The box is drawn after its
   * content, on every PDF page the content ran onto, with the tint translucent so the text shows
   * through it.
   */
  private box(
    frame: Frame,
    look: { tint?: string; tintOpacity?: number; bar?: string; border?: string; padX: number; padY: number },
    body: (inner: Frame) => void,
  ): void {
    const doc = this.doc;
    // Boxes nested until the column is narrow stop indenting: the text keeps a usable width.
    const roomy = frame.width > 160;
    const barWidth = look.bar && roomy ? 3 : 0;
    const padX = roomy ? look.padX : 0;
    const padY = roomy ? look.padY : 0;
    const indent = barWidth + padX;
    this.ensure(padY * 2 + this.lineHeight() * 2);
    const startPage = this.pageIndex;
    const startY = doc.y;
    doc.y += padY;
    body({ ...frame, x: frame.x + indent, width: frame.width - indent - padX, tight: false });
    doc.y += padY;
    const endPage = this.pageIndex;
    const endY = Math.min(doc.y, this.maxY);
    for (let page = startPage; page <= endPage; page += 1) {
      doc.switchToPage(page);
      // Where the content ran on from one PDF page to the next, the box reaches a little into the
      // margins, so that the text is not flush with its edges.
      const top = page === startPage ? startY : doc.page.margins.top - Math.max(padY, 4);
      const bottom = page === endPage ? endY : this.maxY + 4;
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

  private list(node: List, frame: Frame): void {
    const doc = this.doc;
    const start = typeof node.start === 'number' && Number.isFinite(node.start) ? node.start : 1;
    const markers = node.children.map((_, i) => (node.ordered ? `${start + i}.` : ''));
    doc.font(FONTS.sans[0]).fontSize(BODY_SIZE);
    const markerWidth = node.ordered ? Math.max(...markers.map((m) => doc.widthOfString(m))) + 6 : 10;
    // Deeply nested lists stop indenting once the column gets narrow.
    const indent = frame.width - (markerWidth + 6) > 120 ? markerWidth + 6 : 0;
    const loose = node.spread === true || node.children.some((item) => item.spread === true);
    node.children.forEach((item, i) => {
      if (i > 0) this.gap(loose ? 7 : 3);
      const inner: Frame = { ...frame, x: frame.x + indent, width: frame.width - indent, level: frame.level + 1, tight: !loose };
      // The marker goes first (so the PDF's text reads in order), where the item's first block will
      // start: the room that block asks for is made now, so it does not move to the next page.
      this.ensure(this.roomFor(item.children[0] as RootContent | undefined, inner));
      const y = doc.y;
      if (indent > 0) {
        if (typeof item.checked === 'boolean') this.checkbox(frame.x + markerWidth - 9, y, item.checked);
        else if (node.ordered) this.orderedMarker(markers[i]!, frame.x + markerWidth - 4, y, frame.color);
        else this.bullet(frame.x + 3, y, frame.level);
      }
      doc.x = frame.x;
      doc.y = y;
      if (item.children.length === 0) doc.y += this.lineHeight();
      else this.blocks(item.children as RootContent[], inner);
      doc.x = frame.x;
    });
  }

  /** The room a block makes sure of before it starts (see `ensure` in each layout method). */
  private roomFor(node: RootContent | undefined, frame: Frame): number {
    switch (node?.type) {
      case 'heading':
        return HEADING_SIZES[Math.min(node.depth, 3) as 1 | 2 | 3] * 1.3 + this.lineHeight() * 3;
      case 'code':
      case 'blockquote':
        return 18 + this.lineHeight() * 2 + 1;
      case 'html': {
        if (this.hintTag(node.value)) return 20 + this.lineHeight() * 2 + 1;
        const img = /<img\b/i.test(node.value) ? parseHtml(node.value).querySelector('img') : null;
        const caption = /<figcaption\b/i.test(node.value) ? 'caption' : '';
        const size = img ? this.imageSize(img.getAttribute('src') ?? '', caption, frame) : undefined;
        return size ? size.height + (caption ? 20 : 0) : this.lineHeight();
      }
      case 'list':
        return this.roomFor(node.children[0]?.children[0] as RootContent | undefined, frame);
      case 'thematicBreak':
        return 14;
      case 'table':
        return 60;
      case 'paragraph': {
        const images = node.children[0] ? blockImages(node.children[0]) : undefined;
        const size = images?.[0] ? this.imageSize(images[0].url, images[0].title ?? '', frame) : undefined;
        return size ? size.height + (images?.[0]?.title ? 20 : 0) : this.lineHeight();
      }
      default:
        return this.lineHeight();
    }
  }

  /** The vertical middle of a body line's lowercase letters, for a line drawn at `y`. */
  private midline(y: number): number {
    return y + BODY_SIZE * 0.46;
  }

  private bullet(x: number, y: number, level: number): void {
    const doc = this.doc;
    const cy = this.midline(y);
    doc.save().lineWidth(0.8);
    if (level % 3 === 0) doc.circle(x + 2, cy, 2).fill(COLORS.text);
    else if (level % 3 === 1) doc.circle(x + 2, cy, 1.9).stroke(COLORS.text);
    else doc.rect(x + 0.3, cy - 1.7, 3.4, 3.4).fill(COLORS.text);
    doc.restore();
  }

  private orderedMarker(marker: string, right: number, y: number, color: string): void {
    const doc = this.doc;
    doc.font(FONTS.sans[0]).fontSize(BODY_SIZE).fillColor(color);
    doc.text(marker, right - doc.widthOfString(marker), y, { lineBreak: false, link: null, underline: false, strike: false });
  }

  private checkbox(x: number, y: number, checked: boolean): void {
    const doc = this.doc;
    const size = 8.5;
    const top = this.midline(y) - size / 2;
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

  private table(node: Table, frame: Frame): void {
    const doc = this.doc;
    const rows = node.children;
    const columns = Math.max(0, ...rows.map((row) => row.children.length));
    if (columns === 0) return;
    const size = 9.5;
    const pad = 5;
    const lineGap = 1.5;
    const cells = rows.map((row) => Array.from({ length: columns }, (_, c) => toWinAnsi(cellText(row.children[c])).trim()));
    const fontOf = (r: number) => (r === 0 ? FONTS.sans[1] : FONTS.sans[0]);

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

    const align = (c: number) => (node.align?.[c] === 'center' || node.align?.[c] === 'right' ? node.align[c]! : 'left') as 'left' | 'center' | 'right';
    const heightOf = (r: number) => {
      let height = 0;
      cells[r]!.forEach((text, c) => {
        doc.font(fontOf(r)).fontSize(size);
        height = Math.max(height, doc.heightOfString(text || ' ', { width: Math.max(1, widths[c]! - pad * 2), lineGap }));
      });
      return Math.min(height + pad * 2, this.maxY - doc.page.margins.top);
    };
    const drawRow = (r: number, height: number) => {
      const y = doc.y;
      let x = frame.x;
      if (r === 0) doc.save().rect(frame.x, y, frame.width, height).fill(COLORS.header).restore();
      cells[r]!.forEach((text, c) => {
        const width = widths[c]!;
        if (text) {
          doc.font(fontOf(r)).fontSize(size).fillColor(r === 0 ? COLORS.heading : frame.color);
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

    const headerHeight = heightOf(0);
    this.ensure(headerHeight + (rows.length > 1 ? heightOf(1) : 0));
    drawRow(0, headerHeight);
    for (let r = 1; r < rows.length; r += 1) {
      const height = heightOf(r);
      if (doc.y + height > this.maxY) {
        doc.addPage();
        // The header row again at the top of each page the table continues on.
        drawRow(0, headerHeight);
      }
      drawRow(r, height);
    }
  }

  private html(node: Html, frame: Frame): void {
    const tag = this.hintTag(node.value);
    if (tag) {
      // A hint tag without its partner is shown as written.
      this.rich([{ text: tag.text, style: { color: frame.color } }], frame);
      return;
    }
    const root = parseHtml(node.value);
    const images = root.querySelectorAll('img');
    if (images.length === 0) {
      const text = root.text.replace(/[ \t\r\n]+/g, ' ').trim();
      if (text) this.rich([{ text, style: { color: frame.color } }], frame);
      return;
    }
    // GitBook writes images as <figure><img src alt><figcaption>...</figcaption></figure>.
    const caption = root.querySelector('figcaption')?.text.replace(/\s+/g, ' ').trim() ?? '';
    images.forEach((img, i) => {
      if (i > 0) this.gap(6);
      this.image(img.getAttribute('src') ?? '', img.getAttribute('alt') ?? '', i === images.length - 1 ? caption : '', frame);
    });
  }

  // ---- images -----------------------------------------------------------------------------------

  private image(url: string, alt: string, caption: string, frame: Frame): void {
    const doc = this.doc;
    const opened = this.openImage(url);
    if (!opened) {
      const name = alt.trim() || decodeURISafe(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'image';
      this.rich([{ text: `[Image: ${name}]`, style: { italic: true, color: COLORS.muted } }], frame);
      return;
    }
    const { width, height } = this.imageSize(url, caption, frame)!;
    this.ensure(height + (caption ? 20 : 0));
    const y = doc.y;
    doc.image(opened as unknown as PDFKit.Mixins.ImageSrc, frame.x + (frame.width - width) / 2, y, { width, height });
    doc.x = frame.x;
    doc.y = y + height;
    if (caption) {
      this.gap(4);
      this.rich([{ text: caption, style: { italic: true, color: COLORS.muted } }], frame, { size: 9, align: 'center' });
    }
  }

  /** The size an image is printed at: its natural size, scaled down to the column and the page. */
  private imageSize(url: string, caption: string, frame: Frame): { width: number; height: number } | undefined {
    const opened = this.openImage(url);
    if (!opened) return undefined;
    const turned = (opened.orientation ?? 1) > 4;
    const naturalWidth = (turned ? opened.height : opened.width) * POINTS_PER_PIXEL;
    const naturalHeight = (turned ? opened.width : opened.height) * POINTS_PER_PIXEL;
    const pageHeight = this.maxY - this.doc.page.margins.top - (caption ? 24 : 0);
    const scale = Math.min(1, frame.width / naturalWidth, pageHeight / naturalHeight);
    return { width: Math.max(1, naturalWidth * scale), height: Math.max(1, naturalHeight * scale) };
  }

  /** The image at `url` opened once per document (so it is embedded once), or null. */
  private openImage(url: string): OpenedImage | null {
    if (this.images.has(url)) return this.images.get(url)!;
    let opened: OpenedImage | null = null;
    try {
      const found = url ? this.resolveImage?.(url) : undefined;
      if (found && embeddableImage(found.bytes)) {
        const image = (this.doc as unknown as { openImage(src: Uint8Array): OpenedImage }).openImage(Buffer.from(found.bytes));
        if (image.width > 0 && image.height > 0) opened = image;
      }
    } catch {
      opened = null;
    }
    this.images.set(url, opened);
    return opened;
  }

  // ---- text -------------------------------------------------------------------------------------

  /**
   * Prints styled runs as one flowing paragraph (PDFKit's `continued` text), wrapping within the
   * frame and onto new pages.
   */
  private rich(
    input: readonly Run[],
    frame: Frame,
    base: { size?: number; lineGap?: number; align?: 'left' | 'center' } = {},
  ): void {
    const doc = this.doc;
    const size = base.size ?? BODY_SIZE;
    const lineGap = base.lineGap ?? BODY_GAP;
    const list = mergeRuns(input.map((run) => ({ text: toWinAnsi(run.text, { code: run.style.code }), style: run.style })));
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
        underline: Boolean(style.link),
        strike: Boolean(style.strike),
      };
      if (i === 0) doc.text(run.text, frame.x, doc.y, options);
      else doc.text(run.text, options);
    });
    doc.x = frame.x;
  }
}

// ---- inline content -------------------------------------------------------------------------------

/** The styled runs of inline content; images inside text print as their alt text. */
function runs(nodes: readonly PhrasingContent[], style: Style): Run[] {
  const out: Run[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.push({ text: node.value.replace(/\n/g, ' '), style });
        break;
      case 'break':
        out.push({ text: '\n', style });
        break;
      case 'inlineCode':
        out.push({ text: node.value.replace(/\n/g, ' '), style: { ...style, code: true } });
        break;
      case 'strong':
        out.push(...runs(node.children, { ...style, bold: true }));
        break;
      case 'emphasis':
        out.push(...runs(node.children, { ...style, italic: true }));
        break;
      case 'delete':
        out.push(...runs(node.children, { ...style, strike: true }));
        break;
      case 'link': {
        const absolute = /^(https?|mailto|ftp):/i.test(node.url);
        const inner = runs(node.children, { ...style, color: COLORS.link, ...(absolute ? { link: node.url } : {}) });
        out.push(...inner);
        const text = inner.map((r) => r.text).join('').trim();
        const shown = node.url.replace(/^mailto:/i, '');
        if (node.url && !node.url.startsWith('#') && text !== node.url && text !== shown) {
          out.push({ text: ` (${shown})`, style: { ...style, color: COLORS.muted, link: undefined, bold: false } });
        }
        break;
      }
      case 'image':
        out.push({ text: `[${node.alt || 'image'}]`, style: { ...style, color: COLORS.muted } });
        break;
      case 'html':
        if (/^<br\s*\/?>$/i.test(node.value.trim())) out.push({ text: '\n', style });
        break;
      default: {
        const text = textContent(node);
        if (text) out.push({ text, style });
      }
    }
  }
  return out;
}

/** Joins neighbouring runs of the same style (fewer PDFKit calls, cleaner wrapping). */
function mergeRuns(list: readonly Run[]): Run[] {
  const out: Run[] = [];
  for (const run of list) {
    const previous = out.at(-1);
    if (previous && sameStyle(previous.style, run.style)) previous.text += run.text;
    else out.push({ text: run.text, style: run.style });
  }
  return out;
}

function sameStyle(a: Style, b: Style): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.code === b.code && a.strike === b.strike && a.link === b.link && a.color === b.color;
}

function fontOf(style: Style): string {
  const family = style.code ? FONTS.mono : FONTS.sans;
  return family[(style.bold ? 1 : 0) + (style.italic ? 2 : 0)]!;
}

/** The images a paragraph child stands for as blocks: an image, or a link around nothing but images. */
function blockImages(node: PhrasingContent): Array<{ url: string; alt?: string | null; title?: string | null }> | undefined {
  if (node.type === 'image') return [node];
  if (node.type !== 'link') return undefined;
  const images = node.children.filter((child) => child.type === 'image');
  const blank = node.children.every((child) => child.type === 'image' || (child.type === 'text' && child.value.trim() === '') || child.type === 'break');
  return images.length > 0 && blank ? images : undefined;
}

function cellText(cell: Table['children'][number]['children'][number] | undefined): string {
  if (!cell) return '';
  return cell.children
    .map((child) => (child.type === 'break' ? '\n' : child.type === 'html' && /^<br\s*\/?>$/i.test(child.value.trim()) ? '\n' : textContent(child)))
    .join('');
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

function sameTitle(a: string, b: string): boolean {
  const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}

function decodeURISafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `text` cut with an ellipsis to fit `width` in the current font. */
function truncate(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return cut ? `${cut}…` : '';
}
