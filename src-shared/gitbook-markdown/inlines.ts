import type { PhrasingContent } from 'mdast';
import type { ConvertContext } from './context';
import { htmlElementPieces } from './gitbook-html/inline';
import { nestInlineHtml } from './gitbook-html/nest';
import { inlineMathOf } from './tags/math-rule';
import type {
  DocumentInline,
  DocumentLeaf,
  DocumentMark,
  DocumentText,
  InlineContent,
  InlineImage,
  MarkType,
} from './types';

/** A run of text with its marks, or an inline node: what phrasing content flattens to. */
export type Piece = DocumentLeaf | DocumentInline;

// One order for marks, so equal formatting always compares equal and adjacent leaves merge.
// (A colour mark, which has data, is added last: see gitbook-html/inline.ts.)
const MARK_ORDER: readonly MarkType[] = ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript'];

export function withMark(marks: readonly MarkType[], mark: MarkType): MarkType[] {
  return MARK_ORDER.filter((m) => m === mark || marks.includes(m));
}

export function leaf(text: string, marks: readonly MarkType[] = []): DocumentLeaf {
  return { object: 'leaf', text, marks: marks.map((type): DocumentMark => ({ object: 'mark', type })) };
}

/**
 * A soft line break inside a paragraph is a space when markdown is rendered; in a GitBook leaf a
 * newline is a visible line break, so only hard breaks (`break` nodes) keep theirs.
 */
function unwrap(text: string): string {
  return text.replace(/[ \t]*(\r\n|\r|\n)[ \t]*/g, ' ');
}

/** Flattens mdast phrasing content to leaves and inline nodes. */
export function phrasingPieces(nodes: readonly PhrasingContent[], ctx: ConvertContext, marks: MarkType[] = [], inLink = false): Piece[] {
  // GitBook's inline HTML (`<mark>`, `<kbd>`, `<a href>` …) paired into elements first.
  return nestInlineHtml(nodes).flatMap((node): Piece[] => {
    switch (node.type) {
      case 'folioHtmlElement':
        return htmlElementPieces(node, ctx, marks, inLink);
      case 'text':
        return [leaf(unwrap(node.value), marks)];
      case 'strong':
        return phrasingPieces(node.children, ctx, withMark(marks, 'bold'), inLink);
      case 'emphasis':
        return phrasingPieces(node.children, ctx, withMark(marks, 'italic'), inLink);
      case 'delete':
        return phrasingPieces(node.children, ctx, withMark(marks, 'strikethrough'), inLink);
      case 'inlineCode':
        return [leaf(node.value, withMark(marks, 'code'))];
      case 'break':
        return [leaf('\n', marks)];
      case 'link':
        return link(node.url, node.children, ctx, marks, inLink);
      case 'image':
        return [inlineImage(ctx, node.url, node.alt, node.title)];
      case 'html':
        // Raw HTML is kept as the text it was written as rather than dropped.
        return [leaf(node.value, marks)];
      default: {
        // GitBook's `$$formula$$` (tags/math-rule.ts). Reference links and images arrive resolved.
        const math = inlineMathOf(node, ctx.key);
        return math ? [math] : [];
      }
    }
  });
}

export function link(url: string, children: PhrasingContent[], ctx: ConvertContext, marks: MarkType[], inLink: boolean): Piece[] {
  // GitBook links cannot nest; markdown forbids it too, but keep the text if it ever happens.
  if (inLink) return phrasingPieces(children, ctx, marks, true);
  const key = ctx.key();
  const inner = phrasingPieces(children, ctx, marks, true);
  const nodes = inlineContent(inner, ctx) as Array<DocumentText | InlineImage>;
  return [{ object: 'inline', type: 'link', key, isVoid: false, data: { ref: ctx.ref(url, 'link') }, nodes }];
}

/** Kept for callers that want a plain URL reference; converters use `ctx.ref` instead. */
export { urlRef } from './context';

function inlineImage(ctx: ConvertContext, url: string, alt?: string | null, title?: string | null): InlineImage {
  return {
    object: 'inline',
    type: 'inline-image',
    key: ctx.key(),
    isVoid: true,
    data: { ref: ctx.ref(url, 'image'), ...(alt ? { alt } : {}), ...(title ? { caption: title } : {}) },
  };
}

// Marks compare with their data: text in two colours is two leaves.
const sameMarks = (a: DocumentLeaf, b: DocumentLeaf) => JSON.stringify(a.marks) === JSON.stringify(b.marks);

/**
 * Groups leaves into text nodes the way GitBook's (Slate) documents are normalised: adjacent
 * leaves with the same marks merge, and a text node comes first, last and between any two inline
 * nodes, empty if need be.
 */
export function inlineContent(pieces: readonly Piece[], ctx: ConvertContext): InlineContent[] {
  const out: InlineContent[] = [];
  let leaves: DocumentLeaf[] = [];
  const flush = () => {
    const kept = leaves.filter((l) => l.text !== '');
    out.push({ object: 'text', key: ctx.key(), leaves: kept.length > 0 ? kept : [leaf('')] });
    leaves = [];
  };
  for (const piece of pieces) {
    if (piece.object === 'leaf') {
      const last = leaves.at(-1);
      if (last && sameMarks(last, piece)) leaves[leaves.length - 1] = { ...last, text: last.text + piece.text };
      else leaves.push(piece);
    } else {
      flush();
      out.push(piece);
    }
  }
  flush();
  return out;
}

/** Inline content back to pieces, to join or re-group content that was already converted. */
export function piecesOf(content: readonly InlineContent[]): Piece[] {
  return content.flatMap((node): Piece[] => (node.object === 'text' ? node.leaves : [node]));
}
