import PDFDocument from 'pdfkit';
import type { ImageResolver } from './figures';
import type { PdfReferences } from './links';
import { PageWriter, type PdfPage } from './pages';
import { MARGINS } from './theme';

export type { ImageResolver, ResolvedImage } from './figures';
export type { PdfReferences } from './links';
export type { PdfPage } from './pages';

export interface RenderOptions {
  /** The document's title (its metadata and the running footer). */
  title: string;
  /** The document's creation date in its metadata (default: now). */
  createdAt?: Date;
  /** The space the pages come from: where page, anchor and file references lead. */
  references?: PdfReferences;
}

/**
 * Renders pages to a PDF with PDFKit, from each page's GitBook document (`markdownToDocument`):
 * every page starts on a new PDF page under its title, then every block GitBook has, laid out for
 * paper (see `blocks.ts`): what switches or expands on screen prints in full, links to pages
 * printed here lead to them inside the PDF, images are embedded (PNG and JPEG through
 * `resolveImage` or the references' files; others are shown as their alt text). Only PDFKit's
 * standard fonts are used, so nothing is loaded from disk or network. Odd markdown never throws: a
 * block that cannot be laid out is printed as its plain text.
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

  const printed = new Set(pages.flatMap((page) => (page.id ? [page.id] : [])));
  const writer = new PageWriter(doc, resolveImage, options.references ?? {}, printed);
  if (pages.length === 0) writer.emptyDocument(options.title);
  const outline: PDFKit.PDFOutline[] = [];
  let followsSection = false;
  for (const [i, page] of pages.entries()) {
    if (i > 0 && !followsSection) doc.addPage();
    const depth = Math.max(0, Math.min(Math.floor(page.depth) || 0, outline.length));
    const item = (outline[depth - 1] ?? doc.outline).addItem(page.title || 'Untitled');
    outline.splice(depth, outline.length, item);
    writer.page(page, followsSection, page.id ?? `#${i}`);
    followsSection = page.section === true;
    // A large space is printed without holding the event loop for the whole document.
    await new Promise((resolve) => setImmediate(resolve));
  }
  writer.links.finish();
  writer.footers(options.title);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
