import { dump } from 'js-yaml';
import { assetLinksRelativeTo } from './asset-links';

/**
 * A reusable content's file as GitBook's Git Sync writes it: front matter with its title, a blank line, its
 * body (its files linked relative to `.gitbook/includes/`). Importing the file gives back the same content.
 */
export function includeFileText(reusable: { title: string; markdown: string }, path: string): string {
  return `---\n${dump({ title: reusable.title }, { lineWidth: 80 })}---\n\n${assetLinksRelativeTo(path, reusable.markdown)}`;
}

// `{% include "…/.gitbook/includes/x.md" %}`, its path in either quotes.
const INCLUDE = /(\{%\s*include\s+)(["'])((?:\.\.\/)*)(\.gitbook\/includes\/[^"']+)\2/g;

/**
 * A page's includes as the page's file in a repository needs them, as assetLinksRelativeTo does for files:
 * Git Sync writes the path relative to the page's file (`guides/setup.md` says `../.gitbook/includes/x.md`);
 * one that climbs fewer folders than the file's depth (the page moved deeper, or the writer typed it from the
 * top) is given that depth, one that already reaches the top is kept as written.
 */
export function includeLinksRelativeTo(filePath: string, markdown: string): string {
  const depth = filePath.split('/').length - 1;
  return markdown.replace(INCLUDE, (whole, head: string, quote: string, up: string, rest: string) =>
    up.length / 3 >= depth ? whole : `${head}${quote}${'../'.repeat(depth)}${rest}${quote}`,
  );
}
