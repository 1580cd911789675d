import type { ContentRef, ContentRefBlock, Embed, FileBlock, IntegrationBlock } from '../types';
import type { RenderContext } from './context';
import { captionHtml } from './images';
import { escapeHtml, hrefAttributes, safeHref } from './safe';

/**
 * Blocks that lead somewhere, each a card: a content-ref (a page, an anchor, a file or a URL, titled by
 * its target), an embed (the site allows no frames: the linked page's title when known, its host and URL, as
 * a link) and a file (a download link with the file's name and size). A target the reader cannot reach is a
 * card without a link.
 */

export function contentRefHtml(block: ContentRefBlock, ctx: RenderContext): string {
  const { ref } = block.data;
  const title = `<span class="card-link-title">${escapeHtml(contentRefTitle(ref, ctx))}</span>`;
  const detail = refDetail(ref);
  const body = `${title}${detail ? `<span class="card-link-detail">${escapeHtml(detail)}</span>` : ''}`;
  const href = safeHref(ctx.links.href(ref));
  if (href === undefined) return `<div class="card-link content-ref content-ref-missing">${body}</div>`;
  return `<a class="card-link content-ref content-ref-${ref.kind}" ${hrefAttributes(href)}>${body}</a>`;
}

/** What a card leading to a reference is called: the page's title, the file's name, the URL's address. */
export function contentRefTitle(ref: ContentRef, ctx: RenderContext): string {
  switch (ref.kind) {
    case 'page':
      return ctx.links.pageTitle?.(ref) ?? 'Page not found';
    case 'anchor': {
      const page = ctx.links.pageTitle?.(ref);
      return page ? `${page} › ${ref.anchor}` : ref.anchor;
    }
    case 'file':
      return ctx.links.file?.(ref)?.name ?? ref.file;
    case 'url':
      return ref.url.replace(/^https?:\/\//i, '');
    default:
      return '';
  }
}

function refDetail(ref: ContentRef): string {
  return ref.kind === 'url' ? (hostOf(ref.url) ?? '') : '';
}

/** The host of a web address (`docs.example.com`), without credentials or port. */
export function hostOf(url: string): string | undefined {
  const authority = /^https?:\/\/([^/?#\\]+)/i.exec(url.trim())?.[1];
  return authority?.replace(/^.*@/, '').replace(/:\d*$/, '').toLowerCase() || undefined;
}

export function embedHtml(block: Embed, ctx: RenderContext): string {
  const url = block.data.url;
  const href = safeHref(url);
  const host = hostOf(url);
  const title = ctx.links.embedTitle?.(url)?.trim();
  // Titled by the page itself, the card keeps its host as a detail: the reader sees where it leads, whatever the title says.
  const lines = title ? [title, ...(host ? [host] : []), url] : [host ?? url, url];
  const body = lines.map((text, index) => `<span class="${index === 0 ? 'card-link-title' : 'card-link-detail'}">${escapeHtml(text)}</span>`).join('');
  const card = href === undefined ? `<div class="card-link embed-card">${body}</div>` : `<a class="card-link embed-card" ${hrefAttributes(href)}>${body}</a>`;
  return `<figure class="embed${block.data.fullWidth ? ' full-width' : ''}">${card}${captionHtml(block.fragments, ctx)}</figure>`;
}

export function fileHtml(block: FileBlock, ctx: RenderContext): string {
  const { ref } = block.data;
  const file = ref.kind === 'file' ? ctx.links.file?.(ref) : undefined;
  const name = file?.name ?? (ref.kind === 'file' ? ref.file : (ref.url.split(/[?#]/, 1)[0]!.split('/').pop() || ref.url));
  const size = file?.size === undefined ? '' : `<span class="card-link-detail">${escapeHtml(formatBytes(file.size))}</span>`;
  const body = `<span class="card-link-title">${escapeHtml(name)}</span>${size}`;
  const href = safeHref(ctx.links.href(ref));
  const card = href === undefined ? `<div class="card-link file-card">${body}</div>` : `<a class="card-link file-card" ${hrefAttributes(href)} download>${body}</a>`;
  return `<figure class="file">${card}${captionHtml(block.fragments, ctx)}</figure>`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** An integration's block (GitHub files, ...) needs the integration's own renderer: its source as a link card. */
export function integrationHtml(block: IntegrationBlock): string {
  const url = block.data.url ?? block.data.props.url;
  const href = safeHref(url);
  const body = `<span class="card-link-title">${escapeHtml(block.data.integration)}</span>${url ? `<span class="card-link-detail">${escapeHtml(url)}</span>` : ''}`;
  const card = href === undefined ? `<div class="card-link embed-card">${body}</div>` : `<a class="card-link embed-card" ${hrefAttributes(href)}>${body}</a>`;
  return `<figure class="embed integration${block.data.fullWidth ? ' full-width' : ''}">${card}</figure>`;
}
