import type { RootContent } from 'mdast';
import type { ConvertContext } from '../context';
import { phrasingPieces } from '../inlines';
import { paragraph } from '../table';
import type { Block } from '../types';
import { codeOf } from './cell-blocks';
import { imagesData, imagesOf } from './figures';
import { type HtmlContainerNode, domPhrasing, elementNode, elementsOnly, parseHtml, tagOf } from './nodes';
import { tableOf } from './tables';

/**
 * A block of HTML as GitBook writes it (a figure, a table, a code block with bold lines, paragraphs)
 * as document blocks; undefined for any other HTML, which the caller keeps as text.
 */
export function htmlBlocks(html: string, ctx: ConvertContext): Block[] | undefined {
  const elements = elementsOnly(parseHtml(html));
  if (!elements || elements.length === 0) return undefined;
  const [first] = elements;
  if (elements.length === 1 && first && tagOf(first) === 'table') {
    const table = tableOf(first, ctx);
    return table ? [table] : undefined;
  }
  // An image with a size is an inline image, alone in its line (GitBook's sample: images.md).
  if (elements.length === 1 && first && tagOf(first) === 'img' && first.attributes['data-size'] !== undefined) {
    return [paragraph(ctx.key(), phrasingPieces(domPhrasing(elements), ctx), ctx)];
  }
  const images = imagesOf(elements, ctx);
  if (images) return [images];
  if (elements.every((element) => tagOf(element) === 'pre')) return elements.map((element) => codeOf(elementNode(element), ctx));
  if (elements.every((element) => tagOf(element) === 'p')) {
    return elements.map((element) => paragraph(ctx.key(), phrasingPieces(domPhrasing(element.childNodes), ctx), ctx));
  }
  return undefined;
}

/** `<div …>` alone, opening a container closed by a later `</div>` alone. */
function containerOpen(node: RootContent): Record<string, string> | undefined {
  if (node.type !== 'html' || node.value.includes('</')) return undefined;
  const elements = elementsOnly(parseHtml(node.value));
  const [div] = elements ?? [];
  return elements?.length === 1 && div && tagOf(div) === 'div' && div.childNodes.length === 0 ? { ...div.attributes } : undefined;
}

const containerClose = (node: RootContent) => node.type === 'html' && node.value.trim() === '</div>';

/**
 * Pairs `<div align="left">` … `</div>` lines among siblings into containers (innermost first);
 * tags without a partner stay as they are.
 */
export function groupHtmlContainers(nodes: readonly RootContent[]): RootContent[] {
  if (!nodes.some(containerClose)) return nodes as RootContent[];
  const out: RootContent[] = [];
  const opens: number[] = [];
  for (const node of nodes) {
    const attrs = containerOpen(node);
    if (attrs) opens.push(out.length);
    if (containerClose(node) && opens.length > 0) {
      const at = opens.pop()!;
      const open = containerOpen(out[at]!)!;
      const container: HtmlContainerNode = { type: 'folioHtmlContainer', attrs: open, children: out.splice(at + 1) };
      out.splice(at, 1, container);
      continue;
    }
    out.push(node);
  }
  return out;
}

/** A container's blocks, converted by `convert`; its alignment goes to the images in it. */
export function containerBlocks(node: HtmlContainerNode, convert: (children: RootContent[]) => Block[]): Block[] {
  const data = imagesData(node.attrs);
  return convert(node.children).map((block) => (block.type === 'images' ? { ...block, data: { ...block.data, ...data } } : block));
}
