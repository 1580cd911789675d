import type { RefUsage } from '../../src-shared/gitbook-markdown/context';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { parseMarkdown, walk } from '../../src-shared/gitbook-markdown/parse';

interface ExtractedLink {
  url: string;
  /** `dependsOn` for embedded files and images (the page shows them), else `reference`. */
  relation: 'reference' | 'dependsOn';
}

const CONTENT_REF = /\{%\s*content-ref\s+url="([^"]+)"\s*%\}/g;

/**
 * The links a page body makes: markdown links, images, link definitions and GitBook content-refs,
 * then every other URL its document holds (figures' `<img>`, `{% file %}`, cards, embeds...): the
 * document converter hands each URL it emits to the resolver, so links count exactly what the
 * document shows as page, anchor, file or URL references.
 */
export function extractLinks(markdown: string): ExtractedLink[] {
  const out: ExtractedLink[] = [];
  const seen = new Set<string>();
  const add = (url: string, relation: ExtractedLink['relation']) => {
    const trimmed = url.trim();
    const key = `${relation} ${trimmed}`;
    if (!trimmed || seen.has(key)) return;
    seen.add(key);
    out.push({ url: trimmed, relation });
  };
  for (const node of walk(parseMarkdown(markdown))) {
    if (node.type === 'link' || node.type === 'definition') add(node.url, 'reference');
    else if (node.type === 'image') add(node.url, 'dependsOn');
  }
  for (const match of markdown.matchAll(CONTENT_REF)) add(match[1]!, 'reference');
  for (const { url, usage } of documentURLs(markdown)) add(url, usage === 'link' ? 'reference' : 'dependsOn');
  return out;
}

/** The URLs the document of a body references, recorded as the converter resolves them. */
function documentURLs(markdown: string): Array<{ url: string; usage: RefUsage }> {
  const urls: Array<{ url: string; usage: RefUsage }> = [];
  markdownToDocument(markdown, {
    resolveRef(url, usage) {
      urls.push({ url, usage });
      return undefined;
    },
  });
  return urls;
}
