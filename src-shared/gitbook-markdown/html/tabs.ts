import type { Tabs } from '../types';
import type { RenderContext } from './context';
import { escapeHtml } from './safe';

/**
 * Tabs that switch without script: one radio input per tab (the first checked), its label the tab, and
 * its panel right after; the stylesheet shows the panel after the checked radio. The radios are a real
 * group, so the keyboard moves between tabs with the arrow keys and screen readers say "1 of 3"; each
 * panel is named by its tab.
 */
export function tabsHtml(block: Tabs, ctx: RenderContext): string {
  const group = ctx.id(`tabs-${block.key}`);
  const items = block.nodes.map((item, index) => {
    const radio = `${group}-${index}`;
    const label = `${radio}-label`;
    const panel = `${radio}-panel`;
    return (
      `<input class="tabs-radio" type="radio" name="${group}" id="${radio}" aria-controls="${panel}"${index === 0 ? ' checked' : ''}>` +
      `<label class="tabs-label" for="${radio}" id="${label}">${escapeHtml(item.data.title || `Tab ${index + 1}`)}</label>` +
      `<div class="tabs-panel" id="${panel}" role="group" aria-labelledby="${label}">${ctx.blocks(item.nodes)}</div>`
    );
  });
  return `<div class="tabs${block.data.fullWidth ? ' full-width' : ''}">${items.join('')}</div>`;
}
