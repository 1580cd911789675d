import type { PhrasingContent } from 'mdast';
import type { ConvertContext } from '../context';
import { leaf, link, phrasingPieces, type Piece, withMark } from '../inlines';
import type { DocumentLeaf, DocumentMark, InlineEmoji, InlineImage, MarkColor, MarkType } from '../types';
import { nestInlineHtml } from './nest';
import type { HtmlElementNode } from './nodes';

/** What each formatting tag GitBook writes means as a mark. */
const TAG_MARKS: Readonly<Record<string, MarkType>> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  code: 'code',
  kbd: 'keyboard',
  sup: 'superscript',
  sub: 'subscript',
};

export const MARK_COLORS: readonly MarkColor[] = ['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', '$primary', '$info', '$success', '$warning', '$danger'];

/**
 * The colours of `<mark style="color:red;background-color:$success;">`: GitBook writes its colour
 * names themselves as the CSS values, and leaves out the side that is `default`. Undefined when the
 * style names anything else (the tag is then not GitBook's and stays text).
 */
function markColors(style: string): { text: MarkColor; background: MarkColor } | undefined {
  const colors = { text: 'default' as MarkColor, background: 'default' as MarkColor };
  for (const declaration of style.split(';')) {
    if (declaration.trim() === '') continue;
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim() as MarkColor;
    if (colon < 0 || !MARK_COLORS.includes(value)) return undefined;
    if (property === 'color') colors.text = value;
    else if (property === 'background-color') colors.background = value;
    else return undefined;
  }
  return colors;
}

/** An HTML element in inline content as leaves and inlines; `marks` are those of the markdown around it. */
export function htmlElementPieces(node: HtmlElementNode, ctx: ConvertContext, marks: MarkType[], inLink: boolean): Piece[] {
  const inner = (more: MarkType[] = marks) => phrasingPieces(node.children, ctx, more, inLink);
  const mark = TAG_MARKS[node.tag];
  if (mark) return inner(withMark(marks, mark));
  switch (node.tag) {
    case 'mark': {
      const colors = markColors(node.attrs.style ?? '');
      return colors ? withColor(inner(), colors) : verbatim(node, ctx, marks, inLink);
    }
    case 'a': {
      const href = node.attrs.href;
      // `<a href="#x" id="x"></a>`: a heading's own anchor (see headingAnchor), nothing to read.
      if (href === undefined || node.children.length === 0) return inner();
      return link(href, node.children, ctx, marks, inLink);
    }
    case 'br':
      return [leaf('\n', marks)];
    case 'img':
      return node.attrs.src ? [inlineImageOf(node.attrs, ctx)] : [];
    case 'span': {
      const emoji = emojiOf(node, ctx);
      return emoji ? [emoji] : inner();
    }
    case 'p':
    case 'li':
    case 'ul':
    case 'ol':
    case 'u':
      // Blocks met in a line of text (cells read them as blocks: see cell-blocks), underline
      // (which GitBook has no mark for): their content.
      return inner();
    default:
      return verbatim(node, ctx, marks, inLink);
  }
}

/** An element the document has nothing for: its tags as text around its content. */
function verbatim(node: HtmlElementNode, ctx: ConvertContext, marks: MarkType[], inLink: boolean): Piece[] {
  return [leaf(node.open, marks), ...phrasingPieces(node.children, ctx, marks, inLink), leaf(node.close, marks)];
}

/** `<img src alt data-size>` in a line of text. */
function inlineImageOf(attrs: Record<string, string>, ctx: ConvertContext): InlineImage {
  const size = attrs['data-size'];
  return {
    object: 'inline',
    type: 'inline-image',
    key: ctx.key(),
    isVoid: true,
    data: {
      ref: ctx.ref(attrs.src ?? '', 'image'),
      ...(attrs.alt ? { alt: attrs.alt } : {}),
      ...(size === 'original' || size === 'line' ? { size } : {}),
    },
  };
}

/** `<span data-gb-custom-inline data-tag="emoji" data-code="1f50d">🔍</span>` */
function emojiOf(node: HtmlElementNode, ctx: ConvertContext): InlineEmoji | undefined {
  const code = node.attrs['data-code'];
  if (node.attrs['data-gb-custom-inline'] === undefined || node.attrs['data-tag'] !== 'emoji' || !code) return undefined;
  return { object: 'inline', type: 'emoji', key: ctx.key(), isVoid: true, data: { code } };
}

/** Pieces with a colour mark added (an inner colour, written closer to the text, wins). */
function withColor(pieces: Piece[], data: { text: MarkColor; background: MarkColor }): Piece[] {
  const colored = (item: DocumentLeaf): DocumentLeaf =>
    item.marks.some((m) => m.type === 'color') ? item : { ...item, marks: [...item.marks, { object: 'mark', type: 'color', data } satisfies DocumentMark] };
  return pieces.map((piece) => {
    if (piece.object === 'leaf') return colored(piece);
    if (piece.type !== 'link') return piece;
    return { ...piece, nodes: piece.nodes.map((n) => (n.object === 'text' ? { ...n, leaves: n.leaves.map(colored) } : n)) };
  });
}

/** The id of a heading's `<a href="#id" id="id"></a>`, and its content without it. */
export function headingAnchor(children: readonly PhrasingContent[]): { id?: string; children: PhrasingContent[] } {
  const nested = nestInlineHtml(children);
  const kept = [...nested];
  let id: string | undefined;
  for (let i = kept.length - 1; i >= 0; i -= 1) {
    const node = kept[i]!;
    if (node.type === 'text' && node.value.trim() === '') continue;
    if (node.type === 'folioHtmlElement' && node.tag === 'a' && node.children.length === 0 && node.attrs.id && node.attrs.href === `#${node.attrs.id}`) {
      id = node.attrs.id;
      kept.splice(i);
    }
    break;
  }
  // The space GitBook writes before the anchor is not part of the title.
  const last = kept.at(-1);
  if (id !== undefined && last?.type === 'text') kept[kept.length - 1] = { ...last, value: last.value.replace(/[ \t]+$/, '') };
  return id === undefined ? { children: nested } : { id, children: kept };
}
