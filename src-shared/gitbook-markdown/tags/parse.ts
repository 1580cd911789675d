import type { Root } from 'mdast';
import { newMarkdownIt, parseMarkdown } from '../parse';
import { detailsPlugin } from './details-rule';
import { includePlugin } from './include-rule';
import { mathPlugin } from './math-rule';
import { gitbookTagsPlugin } from './tag-rule';

/**
 * markdown-it with GitBook's syntax beyond CommonMark: template-tag blocks (`{% hint %}`, `{% tabs %}`,
 * …), reusable content (`{% include "…" %}`), expandables (`<details>`) and math (`$$…$$`). Kept apart
 * from parse.ts's plain parser, which search, links and the PDF read markdown with.
 */
const gitbook = newMarkdownIt().use(gitbookTagsPlugin).use(includePlugin).use(detailsPlugin).use(mathPlugin);

/** The mdast tree of a page body in GitBook's markdown: tags, expandables and formulas as their own nodes. */
export function parseGitBookMarkdown(source: string): Root {
  return parseMarkdown(source, gitbook);
}
