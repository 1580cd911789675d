import { parseTokens } from './parse';
import type { OpenAPIOperationBlock } from './types';

/**
 * GitBook writes an OpenAPI operation block (`openapi-operation`, an operation of a specification stored
 * in the organization, named by its slug) in markdown as
 *
 *     {% openapi-operation spec="petstore" path="/pets" method="get" %}
 *     [OpenAPI petstore](https://…the spec's URL…)
 *     {% endopenapi-operation %}
 *
 * The line between the tags is a link for plain-markdown readers; the block is the tag's attributes.
 * As with hints (hints.ts), a tag pair found outside code and raw HTML is replaced before parsing by one
 * HTML comment marker, which the converter turns into the block. A tag without its closing partner, or
 * missing `spec`, `path` or `method`, stays text.
 */

export interface OpenAPITag {
  spec: string;
  path: string;
  method: string;
}

const OPEN = /^(\s*)\{%-?\s*openapi-operation\s+(.*?)\s*-?%\}\s*$/;
const CLOSE = /^\s*\{%-?\s*endopenapi-operation\s*-?%\}\s*$/;
const ATTRIBUTE = /([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function extractOpenAPIBlocks(markdown: string): { markdown: string; blocks: OpenAPITag[] } {
  if (!/\{%-?\s*openapi-operation\b/.test(markdown)) return { markdown, blocks: [] };
  const verbatim = new Set<number>();
  for (const token of parseTokens(markdown)) {
    if ((token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block') && token.map) {
      for (let line = token.map[0]; line < token.map[1]; line += 1) verbatim.add(line);
    }
  }
  const lines = markdown.split(/\r\n|\r|\n/);
  // The first closing tag after each line, found in one backward pass (a body may hold many tags).
  const nextClose: number[] = Array.from({ length: lines.length + 1 }, () => -1);
  for (let j = lines.length - 1; j >= 0; j -= 1) nextClose[j] = !verbatim.has(j) && CLOSE.test(lines[j]!) ? j : nextClose[j + 1]!;
  const out: string[] = [];
  const blocks: OpenAPITag[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = verbatim.has(i) ? null : OPEN.exec(lines[i]!);
    const tag = open ? attributes(open[2]!) : undefined;
    const close = tag ? nextClose[i + 1]! : -1;
    if (!open || !tag || close < 0) {
      out.push(lines[i]!);
      continue;
    }
    out.push(`${open[1]}<!--folio-openapi-${blocks.length}-->`);
    blocks.push(tag);
    i = close;
  }
  return { markdown: blocks.length > 0 ? out.join('\n') : markdown, blocks };
}

function attributes(text: string): OpenAPITag | undefined {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) found.set(match[1]!, unescape(match[2] ?? match[3] ?? ''));
  const spec = found.get('spec');
  const path = found.get('path');
  const method = found.get('method');
  if (!spec || !path || !method) return undefined;
  return { spec, path, method: method.toLowerCase() };
}

const unescape = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The block a marker left by `extractOpenAPIBlocks` stands for. */
export function openAPIBlockOf(html: string, blocks: readonly OpenAPITag[], key: string): OpenAPIOperationBlock | undefined {
  const match = /^<!--folio-openapi-(\d+)-->$/.exec(html.trim());
  const tag = match ? blocks[Number(match[1])] : undefined;
  if (!tag) return undefined;
  return { object: 'block', type: 'openapi-operation', key, isVoid: true, data: { ref: { kind: 'openapi', spec: tag.spec }, path: tag.path, method: tag.method } };
}

/** The markdown of an OpenAPI operation block, as GitBook writes it (without the link line, whose URL only the server knows). */
export function openAPIBlockMarkdown(tag: OpenAPITag): string[] {
  return [`{% openapi-operation spec="${escape(tag.spec)}" path="${escape(tag.path)}" method="${escape(tag.method)}" %}`, '{% endopenapi-operation %}'];
}

/** How the block reads where GitBook admits none (in a quote, a hint or a list item): a line of text. */
export function openAPIBlockText(tag: OpenAPITag): string {
  return `${tag.method.toUpperCase()} ${tag.path} (OpenAPI ${tag.spec})`;
}
