import type { Section } from '../store/search';
import { headingAnchors, plainText } from '../../src-shared/gitbook-markdown/headings';


/**
 * Splits a page body into sections at its headings, as search results show them: the part before
 * the first heading belongs to the page itself. Headings inside fenced code do not split; anchors are
 * the ones the renderer scrolls to (src-shared/gitbook-markdown/headings.ts).
 */
export function splitSections(pageTitle: string, markdown: string): Section[] {
  const sections: Section[] = [{ anchor: '', title: pageTitle, body: '' }];
  const lines: string[][] = [[]];
  const headings = headingAnchors(markdown);
  let next = 0;
  markdown.split(/\r?\n/).forEach((line, index) => {
    const heading = headings[next];
    if (heading?.line === index) {
      next += 1;
      sections.push({ anchor: heading.anchor, title: heading.title, body: '' });
      lines.push([]);
    } else {
      lines[lines.length - 1]!.push(line);
    }
  });
  sections.forEach((section, i) => {
    section.body = plainText(lines[i]!.join('\n'));
  });
  return sections.filter((s, i) => i > 0 || s.body.length > 0 || sections.length === 1);
}
