import type { DocumentLeaf, DocumentMark, InlineContent, InlineImage, InlineLink, MarkColor } from '../types';
import type { RenderContext } from './context';
import { mathHtml } from './math';
import { escapeHtml, hrefAttributes, safeHref, safeImageSrc } from './safe';

/**
 * Text with its marks, links, inline images and inline math. Marks nest in one fixed order (colour
 * outside, code inside), so equal formatting always gives equal HTML.
 */
export function inlinesHtml(nodes: readonly InlineContent[], ctx: RenderContext): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return node.leaves.map(leafHtml).join('');
      switch (node.type) {
        case 'link':
          return linkHtml(node, ctx);
        case 'inline-image':
          return inlineImageHtml(node, ctx);
        case 'inline-math':
          return mathHtml(node.data.formula, false);
        case 'emoji':
          return emojiHtml(node.data.code);
        default: {
          // An inline this renderer does not know (GitBook's annotations, mentions): its text, if it has any.
          const unknown = node as { nodes?: unknown };
          return Array.isArray(unknown.nodes) ? inlinesHtml(unknown.nodes as InlineContent[], ctx) : '';
        }
      }
    })
    .join('');
}

/** Wrappers from the inside out: each mark's opening and closing tags. */
const MARK_TAGS: ReadonlyArray<[DocumentMark['type'], string, string]> = [
  ['code', '<code>', '</code>'],
  ['keyboard', '<kbd>', '</kbd>'],
  ['subscript', '<sub>', '</sub>'],
  ['superscript', '<sup>', '</sup>'],
  ['strikethrough', '<s>', '</s>'],
  ['italic', '<em>', '</em>'],
  ['bold', '<strong>', '</strong>'],
];

/** A line break inside a leaf is a visible line break (GitBook's documents keep soft breaks as spaces). */
function textHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}

function leafHtml(leaf: DocumentLeaf): string {
  if (leaf.text === '') return '';
  const types = new Set(leaf.marks.map((mark) => mark.type));
  let html = textHtml(leaf.text);
  for (const [type, open, close] of MARK_TAGS) if (types.has(type)) html = `${open}${html}${close}`;
  const color = leaf.marks.find((mark) => mark.type === 'color')?.data;
  return color ? `<mark class="${colorClasses(color.text, color.background)}">${html}</mark>` : html;
}

/** GitBook's palette as classes (the site's CSP allows no inline style): `mark-text-red mark-bg-yellow`. */
function colorClasses(text: MarkColor, background: MarkColor): string {
  const name = (color: MarkColor) => (COLORS.has(color) ? color.replace('$', '') : 'default');
  return `mark-text-${name(text)} mark-bg-${name(background)}`;
}

const COLORS: ReadonlySet<string> = new Set<MarkColor>(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', '$primary', '$info', '$success', '$warning', '$danger']);

function linkHtml(node: InlineLink, ctx: RenderContext): string {
  const inner = inlinesHtml(node.nodes, ctx.linkless());
  const href = ctx.inLink ? undefined : safeHref(ctx.links.href(node.data.ref));
  return href === undefined ? `<span class="link-text">${inner}</span>` : `<a ${hrefAttributes(href)}>${inner}</a>`;
}

function inlineImageHtml(node: InlineImage, ctx: RenderContext): string {
  const { ref, refDark, alt = '', caption, size } = node.data;
  const title = caption ? ` title="${escapeHtml(caption)}"` : '';
  const img = (src: string, variant: string) =>
    `<img class="inline-image${size === 'line' ? ' inline-image-line' : ''}${variant}" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${title} loading="lazy">`;
  const src = safeImageSrc(ctx.links.href(ref));
  if (src === undefined) return alt ? `<span class="image-missing">${escapeHtml(alt)}</span>` : '';
  const dark = refDark ? safeImageSrc(ctx.links.href(refDark)) : undefined;
  return dark === undefined ? img(src, '') : `${img(src, ' image-light')}${img(dark, ' image-dark')}`;
}

/** An emoji by its code points in hex (`1f50d`, or `1f1eb-1f1f7` for a sequence). */
function emojiHtml(code: string): string {
  const points = code.split(/[-_\s]+/).map((hex) => Number.parseInt(hex, 16));
  if (points.length === 0 || points.some((point) => !Number.isInteger(point) || point <= 0 || point > 0x10ffff)) return '';
  return escapeHtml(String.fromCodePoint(...points));
}
