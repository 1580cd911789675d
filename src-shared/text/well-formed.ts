/**
 * JSON can spell half of a UTF-16 surrogate pair (`"\ud800"`), which is not text: such a string cannot be
 * encoded as UTF-8 or percent-encoded (encodeURIComponent throws), so a file name or title holding one would
 * fail every later read that builds a URL from it. Requests holding one are refused where they enter.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(value: string): boolean {
  return !UNPAIRED_SURROGATE.test(value);
}

export const NOT_WELL_FORMED = 'holds an unpaired UTF-16 surrogate, which is not text';

/** The path (`changes.0.files.1.name`) of the first string, key or value, in a parsed JSON value that is not text. */
export function pathOfMalformedText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : path || 'body';
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isWellFormedText(key)) return at;
    const found = pathOfMalformedText(item, at);
    if (found) return found;
  }
  return undefined;
}
