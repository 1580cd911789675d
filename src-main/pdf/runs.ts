import type { PhrasingContent } from 'mdast';
import { textContent } from '../../src-shared/gitbook-markdown/parse';
import { COLORS, FONTS } from './theme';

export interface Style {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** An absolute URL the text links to. */
  link?: string;
  color?: string;
}

export interface Run {
  text: string;
  style: Style;
}

/** The styled runs of inline content; images inside text print as their alt text. */
export function runs(nodes: readonly PhrasingContent[], style: Style): Run[] {
  const out: Run[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.push({ text: node.value.replace(/\n/g, ' '), style });
        break;
      case 'break':
        out.push({ text: '\n', style });
        break;
      case 'inlineCode':
        out.push({ text: node.value.replace(/\n/g, ' '), style: { ...style, code: true } });
        break;
      case 'strong':
        out.push(...runs(node.children, { ...style, bold: true }));
        break;
      case 'emphasis':
        out.push(...runs(node.children, { ...style, italic: true }));
        break;
      case 'delete':
        out.push(...runs(node.children, { ...style, strike: true }));
        break;
      case 'link': {
        const absolute = /^(https?|mailto|ftp):/i.test(node.url);
        const inner = runs(node.children, { ...style, color: COLORS.link, ...(absolute ? { link: node.url } : {}) });
        out.push(...inner);
        const text = inner.map((r) => r.text).join('').trim();
        const shown = node.url.replace(/^mailto:/i, '');
        if (node.url && !node.url.startsWith('#') && text !== node.url && text !== shown) {
          out.push({ text: ` (${shown})`, style: { ...style, color: COLORS.muted, link: undefined, bold: false } });
        }
        break;
      }
      case 'image':
        out.push({ text: `[${node.alt || 'image'}]`, style: { ...style, color: COLORS.muted } });
        break;
      case 'html':
        if (/^<br\s*\/?>$/i.test(node.value.trim())) out.push({ text: '\n', style });
        break;
      default: {
        const text = textContent(node);
        if (text) out.push({ text, style });
      }
    }
  }
  return out;
}

/** Joins neighbouring runs of the same style (fewer PDFKit calls, cleaner wrapping). */
export function mergeRuns(list: readonly Run[]): Run[] {
  const out: Run[] = [];
  for (const run of list) {
    const previous = out.at(-1);
    if (previous && sameStyle(previous.style, run.style)) previous.text += run.text;
    else out.push({ text: run.text, style: run.style });
  }
  return out;
}

function sameStyle(a: Style, b: Style): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.code === b.code && a.strike === b.strike && a.link === b.link && a.color === b.color;
}

export function fontOf(style: Style): string {
  const family = style.code ? FONTS.mono : FONTS.sans;
  return family[(style.bold ? 1 : 0) + (style.italic ? 2 : 0)]!;
}
