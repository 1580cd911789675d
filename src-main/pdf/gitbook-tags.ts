import { parseTokens } from '../../src-shared/gitbook-markdown/parse';

/**
 * GitBook writes some blocks in markdown as lines of its template syntax (`{% tabs %}`,
 * `{% tab title="..." %}`, `{% embed url="..." %}`, `{% content-ref %}`, `{% code title="..." %}`).
 * Printed as they are they would be noise, so before parsing each such line becomes what a reader
 * of the PDF needs: a tab's title as a small heading, an embed as its link, a code title as bold
 * text, and the other tags nothing. Hint tags are left alone (the hint parser reads them), and so
 * is anything inside code or raw HTML.
 */
const TAG = /^(\s*)\{%-?\s*([A-Za-z][\w-]*)(.*?)-?%\}\s*$/;

export function plainTemplateTags(markdown: string): string {
  if (!markdown.includes('{%')) return markdown;
  let verbatim: Set<number> | undefined;
  const lines = markdown.split(/\r\n|\r|\n/);
  let changed = false;
  const out = lines.map((line, i) => {
    const match = TAG.exec(line);
    if (!match) return line;
    const [, indent = '', name = '', rest = ''] = match;
    const tag = name.toLowerCase();
    if (tag === 'hint' || tag === 'endhint') return line;
    verbatim ??= verbatimLines(markdown);
    if (verbatim.has(i)) return line;
    changed = true;
    const attr = (key: string) => new RegExp(`\\b${key}\\s*=\\s*"([^"]*)"`).exec(rest)?.[1] ?? new RegExp(`\\b${key}\\s*=\\s*'([^']*)'`).exec(rest)?.[1];
    switch (tag) {
      case 'tab': {
        const title = attr('title')?.trim();
        return title ? `${indent}#### ${escapeInline(title)}` : '';
      }
      case 'embed': {
        const url = attr('url')?.trim();
        return url ? `${indent}<${url.replace(/[<>\s]/g, encodeURIComponent)}>` : '';
      }
      case 'code': {
        const title = attr('title')?.trim();
        return title ? `${indent}**${escapeInline(title)}**` : '';
      }
      default:
        return '';
    }
  });
  return changed ? out.join('\n') : markdown;
}

/** Lines of code blocks and raw HTML blocks: their text is content, never a tag. */
function verbatimLines(markdown: string): Set<number> {
  const lines = new Set<number>();
  for (const token of parseTokens(markdown)) {
    if ((token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block') && token.map) {
      for (let line = token.map[0]; line < token.map[1]; line += 1) lines.add(line);
    }
  }
  return lines;
}

function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);
}
