import { validateHeaderName, validateHeaderValue } from 'node:http';
import { isMediaType } from '../../src-shared/schemas/header-values';

export type HeaderValue = string | number | readonly string[];

/**
 * The value Node can send for a header, or `undefined` when it cannot (Node throws ERR_INVALID_CHAR on a
 * control character or anything beyond Latin-1, which would end the request, or the process). A Location is
 * percent-encoded instead of refused, since a URL beyond ASCII is a valid address; anything else is dropped.
 */
export function sendableHeader(name: string, value: HeaderValue): HeaderValue | undefined {
  if (!isValidName(name)) return undefined;
  if (Array.isArray(value)) {
    const kept = value.filter((item) => isValidValue(name, item));
    return kept.length > 0 ? kept : undefined;
  }
  if (typeof value === 'string' && name.toLowerCase() === 'location') return encodeLocation(value);
  return isValidValue(name, value) ? value : undefined;
}

function isValidName(name: string): boolean {
  try {
    validateHeaderName(name);
    return true;
  } catch {
    return false;
  }
}

function isValidValue(name: string, value: unknown): boolean {
  try {
    validateHeaderValue(name, value as string);
    return true;
  } catch {
    return false;
  }
}

/** Lone UTF-16 surrogates (which encodeURIComponent refuses) become U+FFFD, as a UTF-8 decoder reads them. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** An address as a Location header: absolute URLs normalized by the URL parser, anything else percent-encoded. */
export function encodeLocation(location: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) {
    try {
      return new URL(location).href;
    } catch {
      return undefined;
    }
  }
  return wellFormed(location).replace(/[^\x21-\x7e]+/g, encodeURIComponent);
}

/** RFC 5987 attr-chars: what may stand unencoded in `filename*=UTF-8''...`. */
const encodeAttrValue = (text: string) =>
  encodeURIComponent(wellFormed(text)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `inline; filename="..."` (RFC 6266) for any file name: an ASCII fallback for old clients, and the exact name
 * (UTF-8, percent-encoded, RFC 5987) alongside when it is not plain ASCII. Never refuses a name.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const name = wellFormed(filename);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === name) return `${disposition}; filename="${name}"`;
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeAttrValue(name)}`;
}

/** A stored content type as a Content-Type header: one that does not parse (written by an older Folio) is sent as bytes. */
export function sendableMediaType(value: string | null | undefined, fallback = 'application/octet-stream'): string {
  return value && isMediaType(value) ? value : fallback;
}
