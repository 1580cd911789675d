import { imageSize } from 'image-size';
import { MAX_IMAGE_PIXELS } from '../expansion-limits';

interface ClaimedImage {
  width: number;
  height: number;
  /** image-size's name of the format: 'png', 'jpg', 'svg'... */
  type?: string;
}

/**
 * The dimensions an image's header claims, read without decoding it, or undefined for bytes that are
 * not an image. Bytes stated as an image are measured in every format image-size knows; others only
 * when they begin as a PNG, JPEG, GIF or WebP, which an <img> or the PDF export would decode whatever
 * type the file was stored with (the weaker signatures of other formats would misread plain files).
 */
export function claimedImage(bytes: Uint8Array, contentType: string): ClaimedImage | undefined {
  if (!contentType.toLowerCase().startsWith('image/') && !hasBitmapSignature(bytes)) return undefined;
  try {
    const { width, height, type } = imageSize(bytes);
    return width && height ? { width, height, type } : undefined;
  } catch {
    return undefined; // not an image format it knows: the file is kept as it is
  }
}

/** Why these bytes may not be stored as an image (a header claiming too many pixels), or undefined. */
export function oversizeImageReason(claimed: ClaimedImage | undefined): string | undefined {
  if (!claimed || claimed.type === 'svg') return undefined;
  if (claimed.width * claimed.height <= MAX_IMAGE_PIXELS) return undefined;
  return `the image claims ${claimed.width}x${claimed.height} pixels, more than the ${MAX_IMAGE_PIXELS} Folio accepts`;
}

function hasBitmapSignature(bytes: Uint8Array): boolean {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  const ascii = (at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  return (
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    starts(0xff, 0xd8, 0xff) ||
    ascii(0, 'GIF8') ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP'))
  );
}
