import { z } from 'zod';

/**
 * Values Folio later sends as HTTP response headers (a Content-Security-Policy, a file's Content-Type) are
 * checked where they enter: printable ASCII only. Node refuses a control character or anything beyond Latin-1
 * in a header (it throws), and clients disagree on Latin-1, so ASCII is what every side reads the same way.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A string refined to be sendable as a header value; the 400 names the field, then says why. */
export function headerSafe(schema: z.ZodString): z.ZodString {
  return schema.regex(PRINTABLE_ASCII, 'must be printable ASCII, without control characters (it is sent as an HTTP header)');
}

// RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS parameter ), a parameter's value a token or a quoted string.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*"';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);

/** Whether a value parses as a media type (`image/png`, `text/plain; charset=utf-8`). */
export function isMediaType(value: string): boolean {
  return value.length <= 255 && MEDIA_TYPE.test(value);
}

/** A file's content type: a media type, as its Content-Type header will carry it. */
export const mediaType = z
  .string()
  .min(1)
  .max(255)
  .regex(MEDIA_TYPE, 'must be a media type such as "image/png" or "text/plain; charset=utf-8", in printable ASCII (it is sent as the Content-Type header)');
