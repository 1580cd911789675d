import { slugify } from '../content/materialize';

export interface Section {
  /** Anchor of the heading ('' for the part before the first heading). */
  anchor: string;
  title: string;
  /** Plain text of the section, markdown syntax removed. */
  body: string;
}

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Splits a page body into sections at its headings, as search results show them: the part before
 * the first heading belongs to the page itself. Headings inside fenced code do not split.
 */
export function splitSections(pageTitle: string, markdown: string): Section[] {
  const sections: Section[] = [{ anchor: '', title: pageTitle, body: '' }];
  const used = new Set<string>();
  let fence: string | null = null;
  const lines: string[][] = [[]];
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1]! : fence === fenceMatch[1] ? null : fence;
    const heading = fence === null ? HEADING.exec(line) : null;
    if (heading) {
      const title = plainText(heading[2]!);
      let anchor = slugify(title) || 'section';
      for (let n = 2; used.has(anchor); n += 1) anchor = `${slugify(title) || 'section'}-${n}`;
      used.add(anchor);
      sections.push({ anchor, title, body: '' });
      lines.push([]);
    } else {
      lines[lines.length - 1]!.push(line);
    }
  }
  sections.forEach((section, i) => {
    section.body = plainText(lines[i]!.join('\n'));
  });
  return sections.filter((s, i) => i > 0 || s.body.length > 0 || sections.length === 1);
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
