import type { ImageRef } from '../../src-shared/gitbook-markdown/types';
import type { Cursor, Frame } from './cursor';
import { PDF_MAX_IMAGE_PIXELS } from '../expansion-limits';
import { embeddableImage } from './images';
import { COLORS, POINTS_PER_PIXEL } from './theme';

export interface ResolvedImage {
  bytes: Uint8Array;
  contentType: string;
}

/** Finds an image's bytes from its URL as written in the markdown (`.gitbook/assets/<name>`). */
export type ImageResolver = (url: string) => ResolvedImage | undefined;

/** What PDFKit's `openImage` gives (not in its type definitions). */
interface OpenedImage {
  width: number;
  height: number;
  orientation?: number;
}

/** Finds a space file's bytes by its id (images given as file references). */
type FileImageResolver = (fileId: string) => ResolvedImage | undefined;

/** The images of one document: PNG and JPEG embedded, others shown as their alt text. */
export class Figures {
  private readonly images = new Map<string, OpenedImage | null>();

  constructor(
    private readonly cursor: Cursor,
    private readonly resolveImage: ImageResolver | undefined,
    private readonly resolveFile: FileImageResolver | undefined = undefined,
    /** A file's name, for the alt text of a file image that cannot be shown. */
    private readonly fileName: (fileId: string) => string | undefined = () => undefined,
  ) {}

  image(ref: ImageRef, alt: string, caption: string, frame: Frame): void {
    const doc = this.cursor.doc;
    const opened = this.openImage(ref);
    if (!opened) {
      const fallback = ref.kind === 'file' ? this.fileName(ref.file) : decodeURISafe(ref.url.split(/[?#]/)[0]!.split('/').pop() ?? '');
      const name = alt.trim() || fallback || 'image';
      this.cursor.rich([{ text: `[Image: ${name}]`, style: { italic: true, color: COLORS.muted } }], frame);
      return;
    }
    const { width, height } = this.imageSize(ref, caption, frame)!;
    this.cursor.ensure(height + (caption ? 20 : 0));
    const y = doc.y;
    doc.image(opened as unknown as PDFKit.Mixins.ImageSrc, frame.x + (frame.width - width) / 2, y, { width, height });
    doc.x = frame.x;
    doc.y = y + height;
    if (caption) {
      this.cursor.gap(4);
      this.cursor.rich([{ text: caption, style: { italic: true, color: COLORS.muted } }], frame, { size: 9, align: 'center' });
    }
  }

  /** The size an image is printed at: its natural size, scaled down to the column and the page. */
  imageSize(ref: ImageRef, caption: string, frame: Frame): { width: number; height: number } | undefined {
    const opened = this.openImage(ref);
    if (!opened) return undefined;
    const turned = (opened.orientation ?? 1) > 4;
    const naturalWidth = (turned ? opened.height : opened.width) * POINTS_PER_PIXEL;
    const naturalHeight = (turned ? opened.width : opened.height) * POINTS_PER_PIXEL;
    const pageHeight = this.cursor.maxY - this.cursor.doc.page.margins.top - (caption ? 24 : 0);
    const scale = Math.min(1, frame.width / naturalWidth, pageHeight / naturalHeight);
    return { width: Math.max(1, naturalWidth * scale), height: Math.max(1, naturalHeight * scale) };
  }

  /** The image a reference names, opened once per document (so it is embedded once), or null. */
  private openImage(ref: ImageRef): OpenedImage | null {
    const key = ref.kind === 'file' ? `file:${ref.file}` : `url:${ref.url}`;
    if (this.images.has(key)) return this.images.get(key)!;
    let opened: OpenedImage | null = null;
    try {
      const found = ref.kind === 'file' ? this.resolveFile?.(ref.file) : ref.url ? this.resolveImage?.(ref.url) : undefined;
      if (found && embeddableImage(found.bytes)) {
        const image = (this.cursor.doc as unknown as { openImage(src: Uint8Array): OpenedImage }).openImage(Buffer.from(found.bytes));
        // Checked again as PDFKit reads the header, before anything is decoded: its reading decides.
        if (image.width > 0 && image.height > 0 && image.width * image.height <= PDF_MAX_IMAGE_PIXELS) opened = image;
      }
    } catch {
      opened = null;
    }
    this.images.set(key, opened);
    return opened;
  }
}

function decodeURISafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
