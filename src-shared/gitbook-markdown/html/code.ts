import type { Code } from '../types';
import type { RenderContext } from './context';
import { escapeHtml, token } from './safe';

/**
 * A code block: its title above, highlighted by the caller's highlighter (highlight.js on the site, on
 * the server), long lines wrapped or scrolled, and line numbers drawn by the stylesheet (a counter on
 * each line), so copying the code never copies the numbers.
 */
export function codeHtml(block: Code, ctx: RenderContext): string {
  const { syntax, title, overflow, lineNumbers, fullWidth } = block.data;
  const source = block.nodes.map((line) => line.nodes.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join('')).join('\n');
  const language = syntax?.trim().toLowerCase() ?? '';
  const highlighted = language ? ctx.options.highlight?.(source, language) : undefined;
  const inner = highlighted ?? escapeHtml(source);
  const body = lineNumbers ? splitLines(inner).map((line) => `<span class="code-line">${line}</span>`).join('\n') : inner;
  const classes = ['code-block', overflow === 'wrap' ? 'code-wrap' : '', lineNumbers ? 'code-numbered' : '', fullWidth ? 'full-width' : ''].filter(Boolean).join(' ');
  const codeClass = [highlighted !== undefined ? 'hljs' : '', language ? `language-${token(language)}` : ''].filter(Boolean).join(' ');
  const heading = title ? `<div class="code-title">${escapeHtml(title)}</div>` : '';
  return `<div class="${classes}">${heading}<pre><code${codeClass ? ` class="${codeClass}"` : ''}>${body}</code></pre></div>`;
}

/**
 * Highlighted HTML cut into lines, each with its spans balanced: a span open at the end of a line (a
 * multi-line comment or string) is closed there and opened again on the next, so every line is whole.
 * The input is the highlighter's output: escaped text and `<span class="…">` / `</span>` only.
 */
export function splitLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const [part] of html.matchAll(/<span\b[^>]*>|<\/span>|\n|[^<\n]+|</g)) {
    if (part === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else {
      if (part.startsWith('<span')) open.push(part);
      else if (part === '</span>') open.pop();
      line += part;
    }
  }
  lines.push(line);
  return lines;
}
