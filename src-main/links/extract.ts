import { parseMarkdown, walk } from '../../src-shared/gitbook-markdown/parse';

export interface ExtractedLink {
  url: string;
  /** `dependsOn` for embedded files and images (the page shows them), else `reference`. */
  relation: 'reference' | 'dependsOn';
}

const CONTENT_REF = /\{%\s*content-ref\s+url="([^"]+)"\s*%\}/g;

/** The links a page body makes: markdown links, images, link definitions and GitBook content-refs. */
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
  return out;
}
