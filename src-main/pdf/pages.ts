import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { Block, JSONDocument } from '../../src-shared/gitbook-markdown/types';
import { BlockWriter, silent } from './blocks';
import { Cursor, type Frame } from './cursor';
import { Figures, type ImageResolver } from './figures';
import { PdfLinks, type PdfReferences } from './links';
import { inlineText } from './runs';
import { COLORS, FONTS, TITLE_SIZE } from './theme';
import { toWinAnsi } from './winansi';

/** A page to print, in reading order. */
export interface PdfPage {
  /** The page's id: references to it from other pages lead to where it is printed. */
  id?: string;
  title: string;
  markdown: string;
  /** The page's GitBook document, when the caller has it; otherwise it is made from `markdown`. */
  document?: JSONDocument;
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

/** Prints pages into a PDF document: each page's heading and blocks, then every page's footer. */
export class PageWriter {
  private readonly cursor: Cursor;
  private readonly content: BlockWriter;
  readonly links: PdfLinks;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    resolveImage: ImageResolver | undefined,
    private readonly references: PdfReferences,
    printed: ReadonlySet<string>,
  ) {
    this.cursor = new Cursor(doc);
    this.links = new PdfLinks(doc, references, printed);
    const figures = new Figures(this.cursor, resolveImage, references.fileImage?.bind(references), (id) => references.file?.(id)?.name);
    this.content = new BlockWriter(this.cursor, figures, this.links);
  }

  /** Prints a page; `key` names it for links (its id, or a key of its own). */
  page(page: PdfPage, followsSection: boolean, key: string): void {
    const frame = this.column();
    if (page.section) {
      this.sectionLabel(page.title, frame, key);
    } else {
      if (followsSection) this.doc.y += 4;
      this.pageTitle(page.title, frame, key);
      if (page.description?.trim()) {
        this.doc.y += 8;
        this.cursor.rich([{ text: page.description.trim(), style: { color: COLORS.muted } }], frame, { size: 11.5 });
      }
    }
    let flow = this.documentOf(page).nodes;
    // Markdown that opens with its page's title as a heading would print it twice: links to the
    // heading lead to the title.
    const opening = flow.find((node) => !silent(node));
    if (opening && isHeading(opening) && sameTitle(inlineText(opening.nodes), page.title)) {
      if (opening.meta?.id) this.links.heading(opening.meta.id);
      flow = flow.slice(flow.indexOf(opening) + 1);
    }
    if (flow.some((node) => !silent(node))) {
      this.doc.y += page.section ? 4 : 10;
      this.content.blocks(flow, frame);
    }
    if (page.section) this.doc.y += 14;
  }

  emptyDocument(title: string): void {
    const frame = this.column();
    this.pageTitle(title, frame, '');
    this.doc.y += 10;
    this.cursor.rich([{ text: 'There are no pages to print.', style: { italic: true, color: COLORS.muted } }], frame);
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

  /** The page's document; markdown that cannot be converted is printed as its text. */
  private documentOf(page: PdfPage): JSONDocument {
    if (page.document) return page.document;
    const { resolve } = this.references;
    const id = page.id;
    try {
      return markdownToDocument(page.markdown, { keepStructure: true, ...(resolve && id ? { resolveRef: (url, usage) => resolve.call(this.references, url, usage, id) } : {}) });
    } catch {
      const text = { object: 'text' as const, key: 'text', leaves: [{ object: 'leaf' as const, text: page.markdown, marks: [] }] };
      return { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', key: 'markdown', isVoid: false, data: {}, nodes: [text] }] };
    }
  }

  private pageTitle(title: string, frame: Frame, key: string): void {
    this.cursor.ensure(TITLE_SIZE * 2 + 40);
    if (key) this.links.startPage(key, this.cursor.pageIndex);
    this.cursor.rich([{ text: title || 'Untitled', style: { bold: true, color: COLORS.heading } }], frame, { size: TITLE_SIZE, lineGap: 2 });
    const y = this.doc.y + 3;
    this.doc.save().lineWidth(0.8).strokeColor(COLORS.rule).moveTo(frame.x, y).lineTo(frame.x + frame.width, y).stroke().restore();
    this.doc.y = y + 1;
  }

  private sectionLabel(title: string, frame: Frame, key: string): void {
    this.cursor.ensure(120);
    this.links.startPage(key, this.cursor.pageIndex);
    this.cursor.rich([{ text: (title || 'Untitled').toUpperCase(), style: { bold: true, color: COLORS.muted } }], frame, { size: 10, lineGap: 1 });
  }
}

function isHeading(node: Block): node is Extract<Block, { type: 'heading-1' | 'heading-2' | 'heading-3' }> {
  return node.type === 'heading-1' || node.type === 'heading-2' || node.type === 'heading-3';
}

function sameTitle(a: string, b: string): boolean {
  const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}

/** `text` cut with an ellipsis to fit `width` in the current font. */
function truncate(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return cut ? `${cut}…` : '';
}
