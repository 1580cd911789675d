/**
 * Headings, slugs and plain text of markdown, shared by the server (page slugs, search sections) and the
 * renderer (heading anchors in the editor and preview), so an anchor from a search result always finds
 * its heading.
 */

export interface HeadingAnchor {
  /** 0-based line of the heading in the markdown. */
  line: number;
  anchor: string;
  title: string;
}

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

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
    const title = plainText(heading[2]!);
    const base = slugify(title) || 'section';
    let anchor = base;
    for (let n = 2; used.has(anchor); n += 1) anchor = `${base}-${n}`;
    used.add(anchor);
    anchors.push({ line: index, anchor, title });
  });
  return anchors;
}

/** Markdown to the words a reader sees: links keep their text, markup and tags go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^ {0,3}(```|~~~).*$/gm, '')
    .replace(/\{%[^%]*%\}/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(>|[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|\s)[*_](\S)/g, '$1$2')
    .replace(/(\S)[*_](?=\s|$|[.,;:!?])/g, '$1')
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
