import { assetUrl } from './markdown-preview';
import { fromBase64 } from './base64';

/** content.uploadFile takes at most 8 MiB (base64Bytes in src-shared/schemas/binary.ts). */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** An image picked from disk, pasted or dropped, read into memory. */
export interface ImageInput {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Why an image cannot be uploaded, in words, or undefined when it can. */
export function imageProblem(image: ImageInput): string | undefined {
  if (!image.type.startsWith('image/')) return `"${image.name || 'This file'}" is not an image.`;
  if (image.bytes.byteLength > MAX_IMAGE_BYTES) {
    const megabytes = (image.bytes.byteLength / (1024 * 1024)).toFixed(1);
    return `"${image.name}" is ${megabytes} MB: images inserted in the editor can be up to 8 MB.`;
  }
  return undefined;
}

/** Any file can be attached; only its size is bounded (the same upload limit as images). */
export function fileProblem(file: ImageInput): string | undefined {
  if (file.bytes.byteLength > MAX_IMAGE_BYTES) {
    const megabytes = (file.bytes.byteLength / (1024 * 1024)).toFixed(1);
    return `"${file.name}" is ${megabytes} MB: files attached in the editor can be up to 8 MB.`;
  }
  return undefined;
}

/** GitBook's file block for a file of the space, its name as the caption (as GitBook's editor writes it). */
export function fileBlockMarkdown(fileName: string): string {
  return `{% file src="${assetUrl(fileName)}" %}\n${fileName.replace(/[[\]\\{}%]/g, '')}\n{% endfile %}`;
}

/**
 * A file name markdown can reference: `.gitbook/assets/<name>` stops at `/`, `?` and `#`, so those go.
 * A pasted image often has no name at all.
 */
export function imageFileName(name: string, type: string): string {
  const cleaned = name.replace(/[/\\?#%]+/g, '-').trim();
  if (cleaned) return cleaned;
  const extension = type.split('/')[1]?.split('+')[0] ?? 'png';
  return `image.${extension}`;
}

/** The markdown that shows an uploaded file, with its name (without extension) as the alternative text. */
export function imageMarkdown(fileName: string): string {
  const alt = fileName.replace(/\.[^.]+$/, '').replace(/[[\]\\]/g, '');
  return `![${alt}](${assetUrl(fileName)})`;
}

/**
 * blob: URLs of the space files the preview shows, fetched once each (the bytes come over tRPC) and
 * revoked together when the page closes.
 */
export class ImageUrlCache {
  private readonly urls = new Map<string, Promise<string | undefined>>();
  private readonly created: string[] = [];
  private revoked = false;

  constructor(private readonly load: (name: string) => Promise<{ contentType: string; data: string }>) {}

  /** The URL of the file called `name`, or undefined if it cannot be loaded (missing, too large). */
  get(name: string): Promise<string | undefined> {
    let url = this.urls.get(name);
    if (!url) {
      url = this.load(name).then(
        ({ contentType, data }) => {
          if (this.revoked) return undefined;
          const objectUrl = URL.createObjectURL(new Blob([fromBase64(data) as Uint8Array<ArrayBuffer>], { type: contentType }));
          this.created.push(objectUrl);
          return objectUrl;
        },
        // Remembered too: the preview re-renders as the writer types, and must not ask again each time.
        () => undefined,
      );
      this.urls.set(name, url);
    }
    return url;
  }

  /** Forgets what is known of `name` (a file of that name was just uploaded). */
  forget(name: string): void {
    this.urls.delete(name);
  }

  revokeAll(): void {
    this.revoked = true;
    for (const url of this.created.splice(0)) URL.revokeObjectURL(url);
    this.urls.clear();
  }
}
