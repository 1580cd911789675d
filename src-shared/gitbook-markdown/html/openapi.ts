import type { OpenAPIBlock, OpenAPIOperationBlock } from '../types';
import type { RenderContext } from './context';
import { escapeHtml, hrefAttributes, safeHref, token } from './safe';

/**
 * OpenAPI blocks: the caller renders the operation (it reads the specification); without it, or for a
 * specification it cannot read, a card naming the operation (and linking to the specification file).
 */
export function openAPIOperationHtml(block: OpenAPIOperationBlock, ctx: RenderContext): string {
  return ctx.links.openAPIOperation?.(block) ?? operationCard(block.data.method, block.data.path, `OpenAPI specification “${block.data.ref.spec}”`);
}

export function swaggerHtml(block: OpenAPIBlock, ctx: RenderContext): string {
  const rendered = ctx.links.swagger?.(block);
  if (rendered !== undefined) return rendered;
  const href = safeHref(ctx.links.href(block.data.ref));
  const name = block.data.ref.kind === 'file' ? (ctx.links.file?.(block.data.ref)?.name ?? 'the specification') : block.data.ref.url;
  const source = href === undefined ? escapeHtml(name) : `<a ${hrefAttributes(href)}>${escapeHtml(name)}</a>`;
  return operationCard(block.data.method, block.data.path, source, true);
}

function operationCard(method: string, path: string, source: string, sourceIsHtml = false): string {
  const verb = method.toUpperCase();
  return `<section class="openapi-operation openapi-missing" aria-label="${escapeHtml(`${verb} ${path}`)}"><header><span class="openapi-method openapi-method-${token(method.toLowerCase())}">${escapeHtml(verb)}</span> <code class="openapi-path">${escapeHtml(path)}</code></header><p>From ${sourceIsHtml ? source : escapeHtml(source)}.</p></section>`;
}
