import { readTag } from '../../../../src-shared/gitbook-markdown/tags/attributes';

/** Inline HTML GitBook writes for marks the markdown has no syntax for, styled in the live preview. */
export const STYLED_HTML = new Set(['mark', 'kbd', 'sup', 'sub', 's', 'u', 'strong', 'b', 'em', 'i', 'code']);

/** GitBook's mark colours (`<mark style="color:red;">`, `background-color:$info`), as classes. */
const COLOR = /(background-color|color)\s*:\s*\$?([a-z]+)/gi;

interface HtmlTag {
  name: string;
  closing: boolean;
  /** `cm-lp-mark-text-red cm-lp-mark-bg-info` for a coloured mark, '' otherwise. */
  colorClass: string;
}

/** One inline HTML tag, as lang-markdown delimits it (an `HTMLTag` node: `<mark style="…">`, `</mark>`). */
export function htmlTagOf(text: string): HtmlTag | undefined {
  const head = /^<(\/?)([a-zA-Z][\w-]*)/.exec(text);
  if (!head) return undefined;
  const classes: string[] = [];
  for (const [, property, color] of text.matchAll(COLOR)) classes.push(`cm-lp-mark-${property!.toLowerCase() === 'color' ? 'text' : 'bg'}-${color!.toLowerCase()}`);
  return { name: head[2]!.toLowerCase(), closing: head[1] === '/', colorClass: classes.join(' ') };
}

/** The title of a `{% code … %}` line ('' without one), or undefined when the line is not that tag. */
export function codeTagTitle(line: string): string | undefined {
  const tag = line.trimStart().startsWith('{%') ? readTag(line) : undefined;
  return tag?.name === 'code' ? (tag.attributes.title ?? '') : undefined;
}

export function isEndCodeTag(line: string): boolean {
  return line.trimStart().startsWith('{%') && readTag(line)?.name === 'endcode';
}
