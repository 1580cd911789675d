/**
 * Headings, slugs and plain text of markdown, shared by the server (page slugs, search sections) and the
 * renderer (heading anchors in the editor and preview), so an anchor from a search result always finds
 * its heading.
 */

interface HeadingAnchor {
  /** 0-based line of the heading in the markdown. */
  line: number;
  anchor: string;
  title: string;
}

// `###` alone is a heading too (an empty one, named `section`), as markdown and the document converter read it.
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const KEPT_ANCHOR = /\s*<a\s+href="#([^"]+)"\s+id="\1"\s*><\/a>\s*$/;

/** GitBook-style slug: lowercase words of letters and digits joined by hyphens. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/**
 * Every ATX heading outside fenced code, with its anchor: the slug of its text, then `-2`, `-3`... when a
 * heading repeats, and `section` for a heading without letters or digits.
 */
export function headingAnchors(markdown: string): HeadingAnchor[] {
  const anchors: HeadingAnchor[] = [];
  const used = new Set<string>();
  let fence: string | null = null;
  markdown.split(/\r?\n/).forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1]! : fence === fenceMatch[1] ? null : fence;
    const heading = fence === null ? HEADING.exec(line) : null;
    if (!heading) return;
    // GitBook writes a heading's kept anchor as `<a href="#id" id="id"></a>` at its end; the document
    // converter takes it as the heading's id, and search must name the heading the same way.
    const text = heading[2] ?? '';
    const kept = KEPT_ANCHOR.exec(text);
    // A heading is one line of text: `1. Install` keeps its number (it is no list item).
    const title = decodeEntities(plainText(kept ? text.slice(0, kept.index) : text, { blockMarkers: false })).trim();
    if (kept) {
      anchors.push({ line: index, anchor: kept[1]!, title });
      return;
    }
    const base = slugify(title) || 'section';
    let anchor = base;
    for (let n = 2; used.has(anchor); n += 1) anchor = `${base}-${n}`;
    used.add(anchor);
    anchors.push({ line: index, anchor, title });
  });
  return anchors;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references as markdown reads them (`&#x20;`, which GitBook writes for a trailing space, is a space). */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Markdown to the words a reader sees: links keep their text, markup and tags go. `blockMarkers: false`
 * for one line of inline text (a heading's), whose leading `1.` or `-` is text.
 */
export function plainText(markdown: string, options: { blockMarkers?: boolean } = {}): string {
  return markdown
    .replace(/^ {0,3}(```|~~~).*$/gm, '')
    .replace(/\{%[^%]*%\}/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(options.blockMarkers === false ? /$^/ : /^\s{0,3}(>|[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|\s)[*_](\S)/g, '$1$2')
    .replace(/(\S)[*_](?=\s|$|[.,;:!?])/g, '$1')
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
