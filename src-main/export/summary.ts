import { slugify } from '../../src-shared/gitbook-markdown/headings';
import type { ExportPage } from './page-tree';

/**
 * SUMMARY.md as GitBook's Git Sync writes it: `# Table of contents`, the pages as `* [Title](file)`
 * nested two spaces a level, each top-level group a `## Title` heading over its pages (with GitBook's
 * `<a href="#slug" id="slug"></a>` when the group's slug is not the one its title gives), link pages
 * as entries pointing at their address. Sections are separated by a blank line.
 */
export function summaryMarkdown(pages: ExportPage[]): string {
  const sections: string[][] = [[]];
  let inGroup = false;
  for (const page of pages) {
    if (page.kind === 'group') {
      sections.push([groupHeading(page), '', ...entries(page.children, 0)]);
      inGroup = true;
    } else if (inGroup) {
      // A page after a group, outside it: a rule ends the group (GitBook nests every page in one).
      sections.push(['---', '', ...entries([page], 0)]);
      inGroup = false;
    } else {
      sections.at(-1)!.push(...entries([page], 0));
    }
  }
  const body = sections.filter((lines) => lines.length > 0).map((lines) => trimEnd(lines).join('\n'));
  return ['# Table of contents', ...body].join('\n\n') + '\n';
}

function entries(pages: ExportPage[], depth: number): string[] {
  return pages.flatMap((page) => {
    const indent = '  '.repeat(depth);
    if (page.kind === 'group') return entries(page.children, depth); // GitBook nests no group: its pages stand in for it
    const target = page.kind === 'link' ? (page.meta.href ?? '') : encodePath(page.file!);
    const line = `${indent}* [${escapeTitle(page.title)}](${target})`;
    return page.kind === 'link' ? [line] : [line, ...entries(page.children, depth + 1)];
  });
}

function groupHeading(group: ExportPage): string {
  const heading = `## ${escapeTitle(group.title)}`;
  return group.slug && group.slug !== slugify(group.title) ? `${heading} <a href="#${group.slug}" id="${group.slug}"></a>` : heading;
}

/** A title as markdown text that reads back as itself (headings and link texts). */
export function escapeTitle(title: string): string {
  return title.replace(/[\\`*_[\]<]/g, '\\$&');
}

/** A file path as a link destination: characters a destination cannot hold as they are, percent-encoded. */
export function encodePath(path: string): string {
  return path.replace(/[\s%()<>#?[\]\\]/g, (c) => encodeURIComponent(c).replace(/[()]/g, (p) => `%${p.charCodeAt(0).toString(16).toUpperCase()}`));
}

function trimEnd(lines: string[]): string[] {
  const out = [...lines];
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out;
}
