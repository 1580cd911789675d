import hljs from 'highlight.js/lib/common';
import type { IncludeResolver, RefResolver } from '../../../src-shared/gitbook-markdown/context';
import { renderDocument, type DocumentLinks } from '../../../src-shared/gitbook-markdown/html/render-document';
import { markdownToDocument } from '../../../src-shared/gitbook-markdown/markdown-to-document';
import type { OpenAPITag } from '../../../src-shared/gitbook-markdown/openapi-blocks';
import type { ContentRef, ContentRefAnchor, ContentRefPage, ContentRefReusableContent, OpenAPIBlock } from '../../../src-shared/gitbook-markdown/types';

/**
 * A page of the published site as HTML: its markdown read as GitBook's JSON document (the one converter
 * the API, the PDF and the editor share), rendered by src-shared/gitbook-markdown/html. Raw HTML in the
 * markdown stays text, every URL is checked, and nothing needs script, so the page reads the same with
 * JavaScript off and under the site's CSP.
 *
 * - Code blocks are highlighted on the server (highlight.js, the fence's language or none when unknown).
 * - Headings carry their `meta.id`, the anchor search names its sections by.
 * - Links to pages and files of the space lead to their published address and the site's file route
 *   (`resolveRef` turns the markdown's relative links into references; without it, `.gitbook/assets/`
 *   URLs still find their file).
 */
export interface PageLinks {
  /** Turns the markdown's URLs into page, anchor and file references (the space's content). */
  resolveRef?: RefResolver;
  /** The page's includes: the reusable content a path names, and its markdown (rendered in place). */
  includes?: { resolve: IncludeResolver; markdownOf(reusableContentId: string): string | undefined };
  /** The URL of a file of the page's space by name. */
  fileUrl(name: string): string;
  /** A file of the page's space by id (an image's dimensions when they are known). */
  file?(fileId: string): { name: string; size: number; width?: number; height?: number } | undefined;
  /** Where a page (or a heading of one) is published on this site, and its title. */
  page?(ref: ContentRefPage | ContentRefAnchor): { href: string; title: string } | undefined;
  /** The HTML of an OpenAPI block (`{% openapi-operation %}`). */
  operation(tag: OpenAPITag): string;
  /** The cached title of an embedded URL's page (src-main/embeds/link-titles.ts); never waits on the network. */
  embedTitle?(url: string): string | undefined;
  /**
   * The HTML of a swagger block's operation (`{% openapi src=… %}`), its spec a file of the space (by id, or by
   * the name of a `.gitbook/assets/` URL) or a URL; undefined shows the block's card.
   */
  swagger?(source: SwaggerSpecRef, path: string, method: string): string | undefined;
}

type SwaggerSpecRef = { kind: 'file'; fileId: string } | { kind: 'asset'; name: string } | { kind: 'url'; url: string };

export function renderPageMarkdown(source: string, links: PageLinks): string {
  const toDocument = (markdown: string) =>
    markdownToDocument(markdown, {
      keepStructure: true,
      ...(links.resolveRef ? { resolveRef: links.resolveRef } : {}),
      ...(links.includes ? { resolveInclude: links.includes.resolve } : {}),
    });
  // An included body's links resolve as the page's do: Git Sync writes both relative to the space's files.
  const reusableContent = (ref: ContentRefReusableContent) => {
    const markdown = ref.space === undefined ? links.includes?.markdownOf(ref.reusableContent) : undefined;
    return markdown === undefined ? undefined : toDocument(markdown);
  };
  return renderDocument(toDocument(source), documentLinks(links), { highlight, reusableContent });
}

function highlight(code: string, language: string): string | undefined {
  if (!hljs.getLanguage(language)) return undefined;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

function documentLinks(links: PageLinks): DocumentLinks {
  const fileName = (fileId: string) => links.file?.(fileId)?.name;
  const href = (ref: ContentRef): string | undefined => {
    switch (ref.kind) {
      case 'url': {
        const asset = assetName(ref.url);
        return asset === undefined ? ref.url : links.fileUrl(asset);
      }
      case 'file': {
        const name = fileName(ref.file);
        return name === undefined ? undefined : links.fileUrl(name);
      }
      case 'anchor':
        return ref.page === undefined ? `#${encodeURIComponent(ref.anchor)}` : links.page?.(ref)?.href;
      case 'page':
        return links.page?.(ref)?.href;
      default:
        return undefined;
    }
  };
  return {
    href,
    pageTitle: (ref) => (ref.kind === 'anchor' && ref.page === undefined ? undefined : links.page?.(ref)?.title),
    file: (ref) => links.file?.(ref.file),
    openAPIOperation: (block) => links.operation({ spec: block.data.ref.spec, path: block.data.path, method: block.data.method }),
    ...(links.embedTitle ? { embedTitle: links.embedTitle } : {}),
    swagger: (block) => links.swagger?.(swaggerSpecRef(block.data.ref), block.data.path, block.data.method),
  };
}

function swaggerSpecRef(ref: OpenAPIBlock['data']['ref']): SwaggerSpecRef {
  if (ref.kind === 'file') return { kind: 'file', fileId: ref.file };
  const asset = assetName(ref.url);
  return asset === undefined ? { kind: 'url', url: ref.url } : { kind: 'asset', name: asset };
}

const ASSETS = /(?:^|\/)\.gitbook\/assets\/([^/?#]+)$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The file a relative `.gitbook/assets/<name>` URL names (what GitBook writes for a space's files). */
function assetName(url: string): string | undefined {
  if (SCHEME.test(url) || url.startsWith('//')) return undefined;
  try {
    return ASSETS.exec(decodeURIComponent(url.split('#', 1)[0]!.split('?', 1)[0]!))?.[1];
  } catch {
    return undefined;
  }
}
