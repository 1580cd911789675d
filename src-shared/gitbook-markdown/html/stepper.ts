import type { Stepper } from '../types';
import type { RenderContext } from './context';

/** A stepper: an ordered list of steps, numbered by the stylesheet beside a line joining them. */
export function stepperHtml(block: Stepper, ctx: RenderContext): string {
  return `<ol class="stepper">${block.nodes.map((step) => `<li class="stepper-step">${ctx.blocks(step.nodes)}</li>`).join('')}</ol>`;
}
