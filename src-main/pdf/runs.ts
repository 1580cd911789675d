import type { DocumentLeaf, InlineContent } from '../../src-shared/gitbook-markdown/types';
import type { PdfLinks } from './links';
import { COLORS, FONTS, MARK_COLORS } from './theme';

interface Style {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** Monospaced without the code colour (the keyboard mark, formulas). */
  mono?: boolean;
  strike?: boolean;
  /** An absolute URL the text links to. */
  link?: string;
  /** A named destination inside this PDF the text links to (a page or heading printed here). */
  goTo?: string;
  color?: string;
}

export interface Run {
  text: string;
  style: Style;
}

/**
 * The styled runs of a document's inline content. Marks become font and colour; links become PDF
 * links (inside the PDF where their page is printed in it); inline images print as their alt text
 * (block images are taken out by the paragraph first); formulas as their TeX source.
 */
export function inlineRuns(nodes: readonly InlineContent[], style: Style, links: PdfLinks): Run[] {
  const out: Run[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) out.push({ text: leaf.text, style: leafStyle(leaf, style) });
      continue;
    }
    switch (node.type) {
      case 'link': {
        const target = links.target(node.data.ref);
        const inner = inlineRuns(node.nodes, { ...style, color: COLORS.link, ...target }, links);
        out.push(...inner);
        const suffix = links.urlSuffix(node.data.ref, inner.map((r) => r.text).join('').trim());
        if (suffix) out.push({ text: ` (${suffix})`, style: { ...style, color: COLORS.muted, link: undefined, goTo: undefined, bold: false } });
        break;
      }
      case 'inline-image':
        out.push({ text: `[${node.data.alt || 'image'}]`, style: { ...style, color: COLORS.muted } });
        break;
      case 'inline-math':
        out.push({ text: node.data.formula, style: { ...style, mono: true } });
        break;
      case 'emoji':
        // Kept for completeness: the standard fonts have no emoji, so `toWinAnsi` drops them.
        out.push({ text: emoji(node.data.code), style });
        break;
      default: {
        // Inlines GitBook has and Folio does not produce yet (emoji, mentions…): their text if any.
        const unknown = node as { nodes?: InlineContent[] };
        if (Array.isArray(unknown.nodes)) out.push(...inlineRuns(unknown.nodes, style, links));
      }
    }
  }
  return out;
}

function emoji(code: string): string {
  const points = code.split('-').map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff) ? String.fromCodePoint(...points) : '';
}

function leafStyle(leaf: DocumentLeaf, base: Style): Style {
  const style = { ...base };
  for (const mark of leaf.marks) {
    if (mark.type === 'bold') style.bold = true;
    else if (mark.type === 'italic') style.italic = true;
    else if (mark.type === 'code') style.code = true;
    else if (mark.type === 'keyboard') style.mono = true;
    else if (mark.type === 'strikethrough') style.strike = true;
    else if (mark.type === 'color' && mark.data && MARK_COLORS[mark.data.text]) style.color = MARK_COLORS[mark.data.text];
    // Superscript and subscript print on the line: PDFKit's text has no baseline shift.
  }
  return style;
}

/** The plain text of inline content (table cells, titles). */
export function inlineText(nodes: readonly InlineContent[]): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return node.leaves.map((leaf) => leaf.text).join('');
      if (node.type === 'link') return inlineText(node.nodes);
      if (node.type === 'inline-math') return node.data.formula;
      if (node.type === 'inline-image') return node.data.alt ?? '';
      return '';
    })
    .join('');
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
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.code === b.code &&
    a.mono === b.mono &&
    a.strike === b.strike &&
    a.link === b.link &&
    a.goTo === b.goTo &&
    a.color === b.color
  );
}

export function fontOf(style: Style): string {
  const family = style.code || style.mono ? FONTS.mono : FONTS.sans;
  return family[(style.bold ? 1 : 0) + (style.italic ? 2 : 0)]!;
}
