import type { Token } from 'markdown-it';
import { parse as parseHtml } from 'node-html-parser';
import { parseTokens } from '../../src-shared/gitbook-markdown/parse';

/**
 * Every address a page body uses for something it shows or offers, as written, whatever GitBook form
 * names it: markdown images and links, HTML (`<img src>`, `<picture><source srcset>`, a cards table's
 * cover `<a href>`, `<video src>`), and GitBook's block tags that name a file (`{% file src %}`,
 * `{% openapi src %}`, `{% swagger src %}`). Read from markdown-it's tokens (so code is left alone) and,
 * for HTML, with node-html-parser. Which of them are files of the repository is the collector's call.
 */
export function assetReferences(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') pushAttr(found, token, 'src');
      else if (token.type === 'link_open') pushAttr(found, token, 'href');
      else if (token.type === 'html_block' || token.type === 'html_inline') found.push(...htmlReferences(token.content));
      else if (token.type === 'text') found.push(...blockTagReferences(token.content));
      if (token.children) walk(token.children);
    }
  };
  walk(parseTokens(markdown));
  return found;
}

function pushAttr(found: string[], token: Token, name: string) {
  const value = token.attrGet(name);
  if (value) found.push(String(value));
}

// The attributes of each element that name something the page shows or offers.
const HTML_SOURCES: Record<string, readonly string[]> = {
  img: ['src', 'srcset'],
  source: ['srcset', 'src'],
  video: ['src', 'poster'],
  audio: ['src'],
  a: ['href'],
};

/** The addresses an HTML fragment uses, in document order; a `srcset` names one per candidate (`a.png 1x, b.png 2x`). */
function htmlReferences(html: string): string[] {
  const out: string[] = [];
  for (const element of parseHtml(html).querySelectorAll(Object.keys(HTML_SOURCES).join(', '))) {
    for (const attribute of HTML_SOURCES[element.tagName.toLowerCase()] ?? []) {
      const value = element.getAttribute(attribute)?.trim();
      if (!value) continue;
      if (attribute === 'srcset') out.push(...value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!).filter(Boolean));
      else out.push(value);
    }
  }
  return out;
}

// GitBook's block tags naming a file of the space: `{% file src="…" %}`, `{% openapi src="…" path=… %}`.
const FILE_TAG = /\{%-?\s*(file|openapi|swagger)\s+(.*?)\s*-?%\}/g;
const ATTRIBUTE = /([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The `src` of the file-naming block tags in a run of a paragraph's text (code spans are other tokens). */
function blockTagReferences(text: string): string[] {
  if (!text.includes('{%')) return [];
  const out: string[] = [];
  for (const tag of text.matchAll(FILE_TAG)) {
    for (const attribute of tag[2]!.matchAll(ATTRIBUTE)) if (attribute[1] === 'src') out.push(attribute[2] ?? attribute[3] ?? '');
  }
  return out.filter(Boolean);
}
