import type { Hint } from '../types';
import type { RenderContext } from './context';

const STYLES = new Set(['info', 'success', 'warning', 'danger']);

/**
 * A hint box. Its icon and the word for its style (read by screen readers) come from the stylesheet
 * (`.hint-warning::before`), so the box holds only the writer's content.
 */
export function hintHtml(block: Hint, ctx: RenderContext): string {
  const style = STYLES.has(block.data.style) ? block.data.style : 'info';
  return `<div class="hint hint-${style}" role="note">${ctx.blocks(block.nodes)}</div>`;
}
