import MarkdownIt, { type Env, type RendererRule } from 'markdown-it';
import { headingAnchors } from '../../../src-shared/gitbook-markdown/headings';
import { includePlugin, isIncludeNode } from '../../../src-shared/gitbook-markdown/tags/include-rule';
import { escapeHtml } from '../../../src-shared/html';
import { includedSlug } from './live-preview/includes';
import { openAPIBlocks } from './openapi-blocks';

/**
 * The preview of a page body: the same markdown the editor holds, as HTML. Raw HTML in the markdown stays
 * text (`html: false`), so a page cannot inject markup or script into the app.
 *
 * - Headings carry `id` anchors named as the server's search sections name them, so a search result's
 *   section (`navigation.anchor`) can be scrolled to. Look them up inside the preview's own element: a
 *   heading's id may equal one of the app's.
 * - Images naming a file of the space (`.gitbook/assets/<name>`, how Folio's markdown references files)
 *   render as `<img data-asset-name="<name>">` without a `src`: the preview fills it with a blob: URL of
 *   the file's bytes (preview-images.ts), which the desktop app's CSP allows. Other images (remote URLs)
 *   would be refused by that CSP, so they render as a link instead of a broken image.
 * - Web links open outside the app (target _blank, which the desktop app hands to the system browser).
 * - GitBook's OpenAPI blocks (`{% openapi-operation … %}`) render as cards that preview-openapi.ts fills
 *   with the operation read from the organization's spec (openapi-blocks.ts).
 * - Reusable content (`{% include ".gitbook/includes/<slug>.md" %}` on a line of its own) renders as an empty
 *   `div[data-include-slug]` that preview-includes.ts fills with the reusable content as it reads.
 */
export function renderMarkdown(markdown: string): string {
  const env: PreviewEnv = { anchorByLine: new Map(headingAnchors(markdown).map((h) => [h.line, h.anchor])) };
  return md.render(markdown, env);
}

interface PreviewEnv extends Env {
  anchorByLine: Map<number, string>;
}

const md = new MarkdownIt({ html: false, linkify: true }).use(openAPIBlocks).use(includePlugin);

// The include rule hands over a `folio_block` token holding its node (src-shared's parser reads the same way).
md.renderer.rules.folio_block = (tokens, idx) => {
  const node = tokens[idx]!.meta as unknown;
  if (!isIncludeNode(node)) return '';
  const slug = includedSlug(node.path);
  // A path outside `.gitbook/includes/` places no reusable content: the line reads as written.
  if (slug === undefined) return `<p>${escapeHtml(`{% include "${node.path}" %}`)}</p>\n`;
  return `<div class="markdown-preview__include" data-include-slug="${escapeHtml(slug)}"></div>\n`;
};

const ASSETS = /(?:^|\/)\.gitbook\/assets\/([^/?#]+)$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The space file a URL as written in markdown names, as the server resolves it (links, PDF export). */
export function assetName(url: string): string | undefined {
  if (SCHEME.test(url) || url.startsWith('//')) return undefined;
  const path = url.split('#', 1)[0]!.split('?', 1)[0]!;
  try {
    return ASSETS.exec(decodeURIComponent(path))?.[1];
  } catch {
    return undefined;
  }
}

/** How markdown references a file of the space (the form the server's links and exports resolve). */
export function assetUrl(name: string): string {
  return `.gitbook/assets/${encodeURIComponent(name)}`;
}

const renderToken: RendererRule = (tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options);

md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const anchor = token.map ? (env as PreviewEnv | undefined)?.anchorByLine.get(token.map[0]) : undefined;
  if (anchor) token.attrSet('id', anchor);
  return renderToken(tokens, idx, options, env, self);
};

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const title = token.attrGet('title');
  const titleText = title === null ? '' : String(title);
  const titleAttr = titleText ? ` title="${escape(titleText)}"` : '';
  const name = assetName(src);
  if (name) return `<img class="markdown-preview__image" data-asset-name="${escape(name)}" alt="${escape(alt)}"${titleAttr}>`;
  if (/^(data:image\/|blob:)/i.test(src)) return `<img class="markdown-preview__image" src="${escape(src)}" alt="${escape(alt)}"${titleAttr}>`;
  const label = `Image not shown in the preview${alt ? `: ${alt}` : ''}`;
  return `<a class="markdown-preview__remote-image" href="${escape(src)}" target="_blank" rel="noopener noreferrer">${escape(label)}</a>`;
};

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return renderToken(tokens, idx, options, env, self);
};

function escape(text: string): string {
  return md.utils.escapeHtml(text);
}
