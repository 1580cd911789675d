import type { PhrasingContent } from 'mdast';
import { type HtmlElementNode, isElement, openTag, parseHtml, tagOf, VOID_TAGS } from './nodes';

/**
 * markdown-it gives inline HTML as one token per tag (`<mark style="…">`, `**text**`, `</mark>`):
 * the tags GitBook writes are paired here into elements around the markdown between them, so that
 * `<mark style="color:red;">**RED**</mark>` is one coloured, bold run. A tag without its partner
 * (or one GitBook does not write) stays the raw HTML it was.
 */
const PAIRED_TAGS: ReadonlySet<string> = new Set([
  'a', 'b', 'code', 'del', 'em', 'i', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 's', 'span', 'strike', 'strong', 'sub', 'sup', 'u', 'ul',
]);
const INLINE_VOID_TAGS: ReadonlySet<string> = new Set(['br', 'img']);

interface Tag {
  name: string;
  closing: boolean;
  element?: HtmlElementNode;
}

/** One tag as written (markdown-it's html_inline): its name, whether it closes, its attributes. */
function readTag(html: string): Tag | undefined {
  const source = html.trim();
  if (source.startsWith('</')) {
    const name = source.slice(2, -1).trim().toLowerCase();
    return PAIRED_TAGS.has(name) ? { name, closing: true } : undefined;
  }
  if (!source.startsWith('<') || source.startsWith('<!')) return undefined;
  const [element] = parseHtml(source).childNodes.filter(isElement);
  if (!element) return undefined;
  const name = tagOf(element);
  if (!PAIRED_TAGS.has(name) && !INLINE_VOID_TAGS.has(name)) return undefined;
  const node: HtmlElementNode = {
    type: 'folioHtmlElement',
    tag: name,
    attrs: { ...element.attributes },
    open: source.endsWith('/>') ? source : openTag(element),
    close: VOID_TAGS.has(name) ? '' : `</${element.rawTagName}>`,
    children: [],
  };
  return { name, closing: false, element: node };
}

export function nestInlineHtml(nodes: readonly PhrasingContent[]): PhrasingContent[] {
  if (!nodes.some((node) => node.type === 'html')) return nodes as PhrasingContent[];
  const root: { children: PhrasingContent[] } = { children: [] };
  const stack: Array<{ children: PhrasingContent[]; element?: HtmlElementNode }> = [root];
  const top = () => stack.at(-1)!;
  // An element left open: its open tag goes back to raw HTML, its children into its parent.
  const unwind = () => {
    const { element } = stack.pop()!;
    top().children.splice(-1, 1, { type: 'html', value: element!.open }, ...element!.children);
  };
  for (const node of nodes) {
    const tag = node.type === 'html' ? readTag(node.value) : undefined;
    if (!tag) {
      top().children.push(node);
    } else if (tag.closing) {
      const at = stack.findLastIndex((entry) => entry.element?.tag === tag.name);
      if (at < 1) {
        top().children.push(node);
        continue;
      }
      while (stack.length > at + 1) unwind();
      const closed = stack.pop()!.element!;
      closed.close = (node as { value: string }).value;
    } else {
      top().children.push(tag.element!);
      if (!INLINE_VOID_TAGS.has(tag.name)) stack.push({ children: tag.element!.children, element: tag.element! });
    }
  }
  while (stack.length > 1) unwind();
  return root.children;
}
