import { inflateSync } from 'node:zlib';
import { imageSize } from 'image-size';
import { PDF_MAX_IMAGE_PIXELS } from '../expansion-limits';

type ImageKind = 'png' | 'jpeg';

/**
 * Which of the formats the PDF can embed these bytes are, judged by the bytes (a stored content
 * type can be wrong), or undefined. A PNG is checked through: PDFKit decodes some PNGs (alpha,
 * transparency, interlacing) in a zlib callback, where a corrupt image would throw past any
 * try/catch and take the process down, so only a PNG whose data inflates, whose every scanline
 * has a valid filter and whose layout PDFKit handles is let through. Neither kind is let through
 * past PDF_MAX_IMAGE_PIXELS (a header can claim any size): it prints as its alt text.
 */
export function embeddableImage(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return validJpeg(bytes) ? 'jpeg' : undefined;
  if (isPng(bytes)) return validPng(bytes) ? 'png' : undefined;
  return undefined;
}

/**
 * PDFKit embeds a JPEG as it is, but every reader of the PDF decodes it at the size its header
 * claims: one it cannot size, or past the bound, is left out.
 */
function validJpeg(bytes: Uint8Array): boolean {
  try {
    const { width, height } = imageSize(bytes);
    return !!width && !!height && width * height <= PDF_MAX_IMAGE_PIXELS;
  } catch {
    return false;
  }
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes: Uint8Array): boolean {
  return bytes.length > SIGNATURE.length && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Channels per pixel, by PNG colour type, and the bit depths each type allows. */
const LAYOUT: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7's passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function validPng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: { width: number; height: number; depth: number; type: number; interlaced: boolean } | undefined;
  let palette = false;
  let transparency = false;
  const data: Uint8Array[] = [];
  let pos = SIGNATURE.length;
  while (pos + 8 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    const start = pos + 8;
    if (start + length + 4 > bytes.length) return false;
    const chunk = bytes.subarray(start, start + length);
    if (type === 'IHDR') {
      if (length < 13) return false;
      header = {
        width: view.getUint32(start),
        height: view.getUint32(start + 4),
        depth: chunk[8]!,
        type: chunk[9]!,
        interlaced: chunk[12] === 1,
      };
    } else if (type === 'PLTE') {
      palette = length > 0 && length % 3 === 0;
    } else if (type === 'tRNS') {
      transparency = true;
    } else if (type === 'IDAT') {
      data.push(chunk);
    } else if (type === 'IEND') {
      break;
    }
    pos = start + length + 4;
  }
  if (!header || data.length === 0) return false;
  const { width, height, depth, type, interlaced } = header;
  const layout = LAYOUT[type];
  if (!layout || !layout.depths.includes(depth) || (type === 3 && !palette)) return false;
  if (width === 0 || height === 0 || width * height > PDF_MAX_IMAGE_PIXELS) return false;
  // PDFKit decodes interlaced and transparent-indexed PNGs itself, sizing rows in whole bytes per
  // pixel: below 8 bits that throws (in the callback).
  if (depth < 8 && (interlaced || (type === 3 && transparency))) return false;

  const bitsPerPixel = layout.channels * depth;
  const passes = interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)] as const)
    : [[width, height] as const];
  let expected = 0;
  for (const [w, h] of passes) if (w > 0 && h > 0) expected += h * (1 + Math.ceil((w * bitsPerPixel) / 8));

  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 65_536 });
  } catch {
    return false;
  }
  if (pixels.length < expected) return false;
  let row = 0;
  for (const [w, h] of passes) {
    if (w <= 0 || h <= 0) continue;
    const rowBytes = 1 + Math.ceil((w * bitsPerPixel) / 8);
    for (let y = 0; y < h; y += 1, row += rowBytes) if (pixels[row]! > 4) return false;
  }
  return true;
}
