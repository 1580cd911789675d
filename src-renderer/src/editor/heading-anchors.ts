/**
 * Heading anchors exactly as the server's search sections name them (src-main/search/sections.ts), so an
 * anchor from a search result (`navigation.anchor`) finds its heading in the editor and the preview. The
 * renderer cannot import server code, hence this copy; test/renderer/editor/heading-anchors.test.ts checks
 * both agree.
 */
export interface HeadingAnchor {
  /** 0-based line of the heading in the markdown. */
  line: number;
  anchor: string;
  title: string;
}

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/** Every ATX heading outside fenced code, with its anchor (`title`, then `title-2`... when repeated). */
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

/** The server's page and heading slug (src-main/content/materialize.ts). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Markdown to the words a reader sees, as the server's search does before slugging a heading. */
function plainText(markdown: string): string {
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
