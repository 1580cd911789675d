import { greyscalePng } from './images';

/**
 * A small, well-formed PNG whose header claims `width` x `height` pixels (8-bit greyscale): its
 * data holds a few rows only, so whoever believes the header and decodes it allocates the claim.
 */
export function pngClaiming(width: number, height: number): Buffer {
  return greyscalePng(width, height, Buffer.alloc(64));
}

/** A JPEG header (start of image, JFIF, a baseline frame of `width` x `height`, end of image) and no picture. */
export function jpegClaiming(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, frame, Buffer.from([0xff, 0xd9])]);
}
