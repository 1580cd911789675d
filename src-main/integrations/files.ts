import { createHash } from 'node:crypto';
import { badRequest } from '../errors';

export interface IntegrationFile {
  hash: string;
  contentType: string;
  /** base64, as stored and synced. */
  data: string;
}

/** The image types a publication's icon and preview images may be, by their first bytes. */
function imageType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  const head = bytes.subarray(0, 512).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return undefined;
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A base64 image of the publication (schema-checked as base64 already); `field` names it in a refusal. */
export function imageFile(base64: string, field: string): IntegrationFile {
  const bytes = Buffer.from(base64, 'base64');
  const contentType = imageType(bytes);
  if (!contentType) throw badRequest(`${field}: must be a PNG, JPEG, GIF, WebP or SVG image`);
  return { hash: hashOf(bytes), contentType, data: bytes.toString('base64') };
}

export function scriptFile(script: string): IntegrationFile {
  const bytes = Buffer.from(script, 'utf8');
  return { hash: hashOf(bytes), contentType: 'text/javascript; charset=utf-8', data: bytes.toString('base64') };
}
