import type { Expandable } from '../types';
import type { RenderContext } from './context';

/** An expandable: `<details>`, which opens and closes without script; its title is the `<summary>`. */
export function expandableHtml(block: Expandable, ctx: RenderContext): string {
  const title = block.fragments.find((fragment) => fragment.fragment === 'expandable-title');
  const body = block.fragments.find((fragment) => fragment.fragment === 'expandable-body');
  const summary = (title?.nodes ?? []).map((paragraph) => ctx.inlines(paragraph.nodes)).join(' ');
  return `<details class="expandable"><summary>${summary || 'Details'}</summary><div class="expandable-body">${ctx.blocks(body?.nodes ?? [])}</div></details>`;
}
