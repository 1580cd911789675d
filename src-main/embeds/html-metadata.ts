import { parse } from 'node-html-parser';

/** What a page says about itself, as an embed's card shows it: entities decoded, whitespace collapsed, bounded. */
interface HtmlMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
}

const MAX_TITLE_CHARS = 200;
const MAX_DESCRIPTION_CHARS = 300;
const MAX_SITE_NAME_CHARS = 100;

/**
 * Reads the title (`og:title` first: it is the page's own name, where `<title>` often adds the site's), the
 * description and the site name of an HTML document, with node-html-parser (its text and attributes come
 * entity-decoded). The document may be cut short (only its first bytes are read): its head is what counts.
 */
export function htmlMetadata(html: string): HtmlMetadata {
  // A title's content is text, as browsers read it (`<title>a <b>c</title>` is titled "a <b>c"); scripts and styles are dropped.
  const root = parse(html, { blockTextElements: { title: true, script: false, style: false, noscript: false, pre: true } });
  const meta = new Map<string, string>();
  for (const element of root.querySelectorAll('meta')) {
    const name = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase();
    const content = element.getAttribute('content');
    // The first of each wins, as browsers and unfurlers read them.
    if (name && content !== undefined && !meta.has(name)) meta.set(name, content);
  }
  const title = root.querySelector('title')?.text;
  return {
    title: bounded(meta.get('og:title'), MAX_TITLE_CHARS) ?? bounded(meta.get('twitter:title'), MAX_TITLE_CHARS) ?? bounded(title, MAX_TITLE_CHARS),
    description: bounded(meta.get('og:description'), MAX_DESCRIPTION_CHARS) ?? bounded(meta.get('description'), MAX_DESCRIPTION_CHARS),
    siteName: bounded(meta.get('og:site_name'), MAX_SITE_NAME_CHARS),
  };
}

/** Whitespace collapsed and trimmed, cut to `max` characters (whole code points) with an ellipsis; null when empty. */
export function bounded(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  // Control characters (a stray NUL, a bidi override) have no place in a card's one line.
  const clean = text.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * The text of an HTML document's first bytes: the charset its Content-Type names, else one a `<meta>` in
 * those bytes names, else UTF-8. A charset TextDecoder does not know reads as UTF-8 (a title with odd letters
 * beats no title). A multi-byte character cut at the end of the budget decodes as one replacement character.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | undefined): string {
  const declared = charsetOf(contentType) ?? metaCharset(new TextDecoder('latin1').decode(bytes));
  return decoderFor(declared).decode(bytes);
}

function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

function charsetOf(contentType: string | undefined): string | undefined {
  const parameters = (contentType ?? '').split(';').slice(1);
  for (const parameter of parameters) {
    const [key, value] = parameter.split('=', 2);
    if (key?.trim().toLowerCase() === 'charset' && value) return value.trim().replace(/^"|"$/g, '') || undefined;
  }
  return undefined;
}

function metaCharset(latin1: string): string | undefined {
  for (const element of parse(latin1).querySelectorAll('meta')) {
    const charset = element.getAttribute('charset');
    if (charset) return charset.trim();
    if (element.getAttribute('http-equiv')?.trim().toLowerCase() === 'content-type') {
      const found = charsetOf(element.getAttribute('content'));
      if (found) return found;
    }
  }
  return undefined;
}
