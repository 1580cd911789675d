import type { Table } from '../types';
import type { RenderContext } from './context';
import { imgHtml } from './images';
import { escapeHtml, hrefAttributes, safeHref } from './safe';
import { cellHtml, fileRefs, isRef, orderedRecords } from './table-cells';

/**
 * A cards table: one card per record, a grid of them. The target column makes the whole card a link
 * (so links inside it render as text), the cover columns its image (light and dark), the other shown
 * columns its text; the first of those is the card's title.
 */
export function cardsHtml(block: Table, ctx: RenderContext): string {
  const { view, definition } = block.data;
  if (view.type !== 'cards') return '';
  const special = new Set([view.targetDefinition, view.coverDefinition, view.coverDefinitionDark].filter(Boolean));
  const shown = view.columns.filter((id) => !special.has(id)).map((id) => definition[id]).filter((column) => column !== undefined);
  const cards = orderedRecords(block).map((record) => {
    const target = view.targetDefinition ? record.values[view.targetDefinition] : undefined;
    const href = target !== undefined && isRef(target) ? safeHref(ctx.links.href(target)) : undefined;
    const inner = href === undefined ? ctx : ctx.linkless();
    const cover = view.coverDefinition ? coverHtml(record.values[view.coverDefinition], view.coverDefinitionDark ? record.values[view.coverDefinitionDark] : undefined, inner) : '';
    const fields = shown
      .map((column, index) => {
        const html = cellHtml(block, record, column, inner);
        if (!html) return '';
        const label = view.hideColumnTitle === false && column.title ? `<span class="card-label">${escapeHtml(column.title)}</span>` : '';
        return `<div class="${index === 0 ? 'card-title' : 'card-text'}">${label}${html}</div>`;
      })
      .join('');
    const body = `${cover}<div class="card-body">${fields}</div>`;
    return href === undefined ? `<div class="card">${body}</div>` : `<a class="card" ${hrefAttributes(href)}>${body}</a>`;
  });
  return `<div class="cards cards-${view.cardSize === 'large' ? 'large' : 'medium'}${block.data.fullWidth ? ' full-width' : ''}">${cards.join('')}</div>`;
}

function coverHtml(light: Table['data']['records'][string]['values'][string] | undefined, dark: typeof light, ctx: RenderContext): string {
  const [lightRef] = light === undefined ? [] : fileRefs(light);
  const [darkRef] = dark === undefined ? [] : fileRefs(dark);
  const darkImg = darkRef ? imgHtml(darkRef, '', ctx, 'card-cover image-dark') : '';
  const lightImg = lightRef ? imgHtml(lightRef, '', ctx, darkImg ? 'card-cover image-light' : 'card-cover') : '';
  return lightImg ? `${lightImg}${darkImg}` : darkImg;
}
