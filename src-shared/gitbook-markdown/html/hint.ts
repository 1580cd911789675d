import type { Hint } from '../types';
import type { RenderContext } from './context';
import { hintIconSvg, iconName } from './hint-icons';
import { escapeHtml } from './safe';

const STYLES = new Set(['info', 'success', 'warning', 'danger']);
const STYLE_WORDS: Record<string, string> = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' };

/**
 * A hint box. Its default icon and the word for its style (read by screen readers) come from the stylesheet
 * (`.hint-warning::before`), so the box holds only the writer's content; a custom icon (`icon="rocket"`) is
 * named in `data-icon`, and drawn in the box when it is one of the few the site draws (hint-icons.ts), in
 * place of the default one and labelled with the style's word. Any other name keeps the default icon.
 */
export function hintHtml(block: Hint, ctx: RenderContext): string {
  const style = STYLES.has(block.data.style) ? block.data.style : 'info';
  const name = block.data.icon ? iconName(block.data.icon) : '';
  const svg = name ? hintIconSvg(name, STYLE_WORDS[style]!) : undefined;
  const classes = `hint hint-${style}${svg ? ' hint-custom-icon' : ''}`;
  return `<div class="${classes}" role="note"${name ? ` data-icon="${escapeHtml(name)}"` : ''}>${svg ?? ''}${ctx.blocks(block.nodes)}</div>`;
}
