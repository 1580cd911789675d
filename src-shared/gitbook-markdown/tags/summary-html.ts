import { arrayOf, isObject, leavesOf, plainText, refHref, type InlineContext } from '../to-markdown-inline';

/**
 * An expandable's title as the HTML of its `<summary>`, as GitBook writes it: `<` and `&` as
 * character references (`&#x3C;`), marks as `<strong>`, `<em>`, `<s>` and `<code>`, links as `<a>`.
 * details-rule.ts reads it back.
 */
export function summaryHtml(nodes: readonly unknown[], ctx: InlineContext): string {
  return nodes.map((node) => inlineHtml(node, ctx)).join('');
}

const TAGS: ReadonlyArray<readonly [string, string]> = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['strikethrough', 's'],
  ['code', 'code'],
];

const escapeHtml = (text: string) => text.replaceAll('&', '&#x26;').replaceAll('<', '&#x3C;');

function inlineHtml(node: unknown, ctx: InlineContext): string {
  if (typeof node === 'string') return escapeHtml(node);
  if (!isObject(node)) return '';
  if (node.object === 'text' || Array.isArray(node.leaves)) {
    return leavesOf(node)
      .map((leaf) => {
        const tags = TAGS.filter(([mark]) => leaf.marks.includes(mark)).map(([, tag]) => tag);
        const text = escapeHtml(leaf.text).replaceAll('\n', '<br>');
        return `${tags.map((t) => `<${t}>`).join('')}${text}${[...tags].reverse().map((t) => `</${t}>`).join('')}`;
      })
      .join('');
  }
  if (node.type === 'link') {
    const href = refHref(isObject(node.data) ? node.data.ref : undefined, ctx);
    const inner = arrayOf(node.nodes).map((child) => inlineHtml(child, ctx)).join('');
    return href === undefined ? inner : `<a href="${href.replaceAll('&', '&#x26;').replaceAll('"', '&#x22;')}">${inner}</a>`;
  }
  return escapeHtml(plainText(node));
}
