import { escapeHtml } from '../../html';

export { escapeHtml };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

/**
 * A URL as browsers read it: they drop tabs and newlines anywhere and control characters and spaces
 * at both ends, so `java\tscript:` and ` javascript:` are `javascript:` to them, and must be to us.
 */
function normalized(url: string): string {
  const joined = url.replace(/[\t\n\r]/g, '');
  let start = 0;
  let end = joined.length;
  while (start < end && joined.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && joined.charCodeAt(end - 1) <= 0x20) end -= 1;
  return joined.slice(start, end);
}

function allowed(url: string, schemes: ReadonlySet<string>): string | undefined {
  const clean = normalized(url);
  if (clean === '') return undefined;
  const scheme = SCHEME.exec(clean);
  // No scheme: a relative address (a path, `#anchor`, `?query`, `//host/...`), which runs nothing.
  if (!scheme) return clean;
  return schemes.has(scheme[1]!.toLowerCase()) ? clean : undefined;
}

/** A link's href when it is web, mail or relative; never `javascript:`, `data:` or any other scheme. */
export function safeHref(url: string | undefined): string | undefined {
  return url === undefined ? undefined : allowed(url, LINK_SCHEMES);
}

/** An image's src when it is web or relative. */
export function safeImageSrc(url: string | undefined): string | undefined {
  return url === undefined ? undefined : allowed(url, IMAGE_SCHEMES);
}

/** Whether a (safe) URL leaves the site: such links get `rel="noopener noreferrer"`. */
function isExternal(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}

/** `href="…"` with the attributes an outside link needs. */
export function hrefAttributes(url: string): string {
  return `href="${escapeHtml(url)}"${isExternal(url) ? ' rel="noopener noreferrer"' : ''}`;
}

/** A word safe in a class name or an id (letters, digits, `-`, `_`). */
export function token(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-');
}
