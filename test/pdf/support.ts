import { crc32, deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ReadPdf {
  pageCount: number;
  /** Each PDF page's text, lines joined by `\n`. */
  pages: string[];
  /** Image XObjects painted on each PDF page. */
  images: number[];
  /** The fill colours set on each PDF page (`#rrggbb`): text and shapes. */
  fills: Array<Set<string>>;
  /** The URLs each PDF page links to. */
  links: string[][];
  /** The links inside the PDF on each PDF page: the destination's name and the (0-based) page it leads to. */
  internalLinks: Array<Array<{ destination: string; page: number }>>;
  title: string | undefined;
  /** The bookmarks: titles with their children. */
  outline: OutlineItem[];
}

export interface OutlineItem {
  title: string;
  items: OutlineItem[];
}

const standardFontDataUrl = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

/** Parses a PDF back with pdf.js: text, images and metadata of every page. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    const images: number[] = [];
    const fills: Array<Set<string>> = [];
    const links: string[][] = [];
    const internalLinks: ReadPdf['internalLinks'] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
      const ops = await page.getOperatorList();
      images.push(ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length);
      fills.push(new Set(ops.fnArray.flatMap((fn, i) => (fn === OPS.setFillRGBColor ? [String(ops.argsArray[i]?.[0]).toLowerCase()] : []))));
      const annotations = (await page.getAnnotations()) as Array<{ subtype: string; url?: string; dest?: unknown }>;
      links.push(annotations.filter((a) => a.subtype === 'Link' && a.url).map((a) => a.url!));
      const internal: ReadPdf['internalLinks'][number] = [];
      for (const a of annotations) {
        if (a.subtype !== 'Link' || typeof a.dest !== 'string') continue;
        const explicit = await pdf.getDestination(a.dest);
        const target = explicit?.[0];
        internal.push({ destination: a.dest, page: target && typeof target === 'object' ? await pdf.getPageIndex(target as { num: number; gen: number }) : -1 });
      }
      internalLinks.push(internal);
    }
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
    const outline = ((await pdf.getOutline()) ?? []) as OutlineItem[];
    const simplify = (items: OutlineItem[]): OutlineItem[] => items.map((i) => ({ title: i.title, items: simplify(i.items ?? []) }));
    return { pageCount: pdf.numPages, pages, images, fills, links, internalLinks, title: info.Title, outline: simplify(outline) };
  } finally {
    await pdf.destroy();
  }
}

/** A 48x32 baseline JPEG (a gradient), made with ImageMagick. */
export const JPEG_48x32 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAVEAEBAAAAAAAAAAAAAAAAAAAAEv/EABcBAQEBAQAAAAAAAAAAAAAAAAAFBAb/xAAWEQEBAQAAAAAAAAAAAAAAAAAAFGH/2gAMAwEAAhEDEQA/AEELwQpW6xzoQQvBBbpOhBC8EFuk68ELwQ5C3V6dCCF4ILdJ0IIXggt0nf/Z',
  'base64',
);

/**
 * An RGBA PNG (colour type 6, which PDFKit decodes itself to split the alpha channel). With
 * `filter` set, every scanline claims that filter type: above 4 it is corrupt.
 */
export function rgbaPng(width: number, height: number, options: { filter?: number; interlaced?: boolean } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, options.interlaced ? 1 : 0], 8);
  const row = 1 + width * 4;
  const rows = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * row] = options.filter ?? 0;
    for (let x = 0; x < width; x += 1) rows.set([20 + ((x * 200) / width) | 0, 120, 200, 255], y * row + 1 + x * 4);
  }
  return png(header, deflateSync(rows));
}

export function png(header: Buffer, data: Buffer, extra: Array<[string, Buffer]> = []): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra.map(([type, body]) => chunk(type, body)),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
