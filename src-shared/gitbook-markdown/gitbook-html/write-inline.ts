import { arrayOf, escapeText, type InlineContext, isObject, type Json, plainText, refHref, stringOf } from '../to-markdown-inline';

/**
 * Inline content of a JSON document as the HTML GitBook writes where markdown cannot go: in HTML
 * table cells, figure captions, and cells of markdown tables that hold several blocks. `gfm`: the
 * HTML stands in a markdown table row, where markdown is still read between the tags, so text is
 * escaped as markdown (and pipes, which would split the row, everywhere).
 */
export interface HtmlOptions {
  gfm?: boolean;
}

/** GitBook's spelling of escaped characters: hexadecimal references, `<` and `&` in text. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
}

export function escapeAttribute(value: string, options: HtmlOptions = {}): string {
  const escaped = escapeHtml(value).replace(/"/g, '&#x22;').replace(/'/g, '&#x27;');
  return options.gfm ? escaped.replace(/\|/g, '&#x7C;') : escaped;
}

function escapeTextFor(text: string, options: HtmlOptions): string {
  const lines = text.split(/\r\n|\r|\n/).map((line) => (options.gfm ? escapeText(line) : escapeHtml(line)));
  return lines.join('<br>');
}

/** A mark's tags, outermost first: colour around formatting, code innermost (as GitBook nests them). */
const MARK_TAGS: ReadonlyArray<[mark: string, open: string, close: string]> = [
  ['bold', '<strong>', '</strong>'],
  ['italic', '<em>', '</em>'],
  ['strikethrough', '<s>', '</s>'],
  ['superscript', '<sup>', '</sup>'],
  ['subscript', '<sub>', '</sub>'],
  ['keyboard', '<kbd>', '</kbd>'],
  ['code', '<code>', '</code>'],
];

/** `<mark style="color:red;background-color:green;">`: the side that is `default` left out. */
export function colorOpenTag(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  const text = stringOf(data.text) ?? 'default';
  const background = stringOf(data.background) ?? 'default';
  const style = `${text !== 'default' ? `color:${text};` : ''}${background !== 'default' ? `background-color:${background};` : ''}`;
  return style ? `<mark style="${escapeAttribute(style)}">` : undefined;
}

/** A leaf's marks as read from the document: type and (for colour) data. */
function marksOf(leaf: Json): Array<{ type: string; data?: unknown }> {
  return arrayOf(leaf.marks).flatMap((mark) => {
    const type = isObject(mark) ? stringOf(mark.type) : stringOf(mark);
    return type ? [{ type, ...(isObject(mark) ? { data: mark.data } : {}) }] : [];
  });
}

function leafHtml(text: string, marks: Array<{ type: string; data?: unknown }>, options: HtmlOptions): string {
  if (text === '') return '';
  let html = escapeTextFor(text, options);
  for (const [mark, open, close] of [...MARK_TAGS].reverse()) if (marks.some((m) => m.type === mark)) html = `${open}${html}${close}`;
  const color = colorOpenTag(marks.find((m) => m.type === 'color')?.data);
  return color ? `${color}${html}</mark>` : html;
}

/** Emoji code points as GitBook stores them (`1f50d`, `1f44d-1f3fb`) as the character. */
function emojiCharacter(code: string): string {
  const points = code.split('-').map((hex) => parseInt(hex, 16));
  return points.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff) ? String.fromCodePoint(...points) : '';
}

export function inlineHtml(nodes: readonly unknown[], ctx: InlineContext, options: HtmlOptions = {}): string {
  return nodes
    .map((node): string => {
      if (typeof node === 'string') return leafHtml(node, [], options);
      if (!isObject(node)) return '';
      if (node.object === 'text' || Array.isArray(node.leaves)) {
        return arrayOf(node.leaves)
          .filter(isObject)
          .map((leaf) => leafHtml(stringOf(leaf.text) ?? '', marksOf(leaf), options))
          .join('');
      }
      if (node.object === undefined && typeof node.text === 'string') return leafHtml(node.text, marksOf(node), options);
      const data = isObject(node.data) ? node.data : {};
      switch (node.type) {
        case 'link': {
          const href = refHref(data.ref, ctx);
          const inner = inlineHtml(arrayOf(node.nodes), ctx, options);
          return href === undefined ? inner : `<a href="${escapeAttribute(href, options)}">${inner}</a>`;
        }
        case 'inline-image':
          return imgTag(refHref(data.ref, ctx) ?? '', stringOf(data.alt), options, stringOf(data.size));
        case 'emoji': {
          const code = stringOf(data.code) ?? '';
          return `<span data-gb-custom-inline data-tag="emoji" data-code="${escapeAttribute(code, options)}">${escapeTextFor(emojiCharacter(code), options)}</span>`;
        }
        default:
          return escapeTextFor(plainText(node), options);
      }
    })
    .join('');
}

/** `<img src="…" alt="…">`, with `width` (pixels, or a percentage Length) or `data-size` when the image has one. */
export function imgTag(src: string, alt: string | undefined, options: HtmlOptions, size?: string, width?: unknown): string {
  const sized = size === 'original' || size === 'line' ? ` data-size="${size}"` : '';
  const wide = widthAttribute(width);
  return `<img src="${escapeAttribute(src, options)}" alt="${escapeAttribute(alt ?? '', options)}"${wide}${sized}>`;
}

/** ` width="375"` for pixels, ` width="50%"` for the Length `{ unit: '%', value: 50 }` (or a `50%` string). */
function widthAttribute(width: unknown): string {
  if (typeof width === 'number') return Number.isFinite(width) ? ` width="${width}"` : '';
  const percent =
    typeof width === 'string' ? /^(\d+(?:\.\d+)?)%$/.exec(width.trim())?.[1] : isPercentLength(width) ? String(width.value) : undefined;
  return percent === undefined ? '' : ` width="${percent}%"`;
}

function isPercentLength(width: unknown): width is { unit: '%'; value: number } {
  const length = width as { unit?: unknown; value?: unknown } | null;
  return typeof length === 'object' && length !== null && length.unit === '%' && typeof length.value === 'number' && Number.isFinite(length.value) && length.value >= 0;
}
