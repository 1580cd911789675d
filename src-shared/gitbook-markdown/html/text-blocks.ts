import type { Heading, List, ListItem, Paragraph, Quote } from '../types';
import type { RenderContext } from './context';
import { escapeHtml } from './safe';

/** Paragraphs, headings, lists, quotes: the blocks markdown itself has. */

export function paragraphHtml(block: Paragraph, ctx: RenderContext): string {
  return `<p>${ctx.inlines(block.nodes)}</p>`;
}

/** `id` is the heading's `meta.id`: the anchor search results and links to headings point at. */
export function headingHtml(block: Heading, ctx: RenderContext): string {
  const level = block.type === 'heading-1' ? 1 : block.type === 'heading-2' ? 2 : 3;
  const id = block.meta?.id ? ` id="${escapeHtml(block.meta.id)}"` : '';
  return `<h${level}${id}>${ctx.inlines(block.nodes)}</h${level}>`;
}

export function listHtml(block: List, ctx: RenderContext): string {
  if (block.type === 'list-ordered') {
    const start = typeof block.data.start === 'number' && block.data.start !== 1 ? ` start="${Math.trunc(block.data.start)}"` : '';
    return `<ol${start}>${block.nodes.map((item) => itemHtml(item, ctx, false)).join('')}</ol>`;
  }
  const tasks = block.type === 'list-tasks';
  return `<ul${tasks ? ' class="task-list"' : ''}>${block.nodes.map((item) => itemHtml(item, ctx, tasks)).join('')}</ul>`;
}

/**
 * An item whose text is one paragraph reads as a tight markdown list (`<li>text</li>`); items with
 * several paragraphs keep them.
 */
function itemHtml(item: ListItem, ctx: RenderContext, task: boolean): string {
  const [first, ...rest] = item.nodes;
  const tight = first?.type === 'paragraph' && !rest.some((node) => node.type === 'paragraph');
  const body = tight ? `${ctx.inlines(first.nodes)}${ctx.blocks(rest)}` : ctx.blocks(item.nodes);
  if (!task) return `<li>${body}</li>`;
  const box = `<input type="checkbox" disabled${item.data.checked ? ' checked' : ''}>`;
  return `<li class="task-item">${box} ${body}</li>`;
}

export function quoteHtml(block: Quote, ctx: RenderContext): string {
  return `<blockquote>${ctx.blocks(block.nodes)}</blockquote>`;
}
