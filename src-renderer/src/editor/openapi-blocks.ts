import type { MarkdownIt, StateBlock } from 'markdown-it';

/**
 * GitBook's OpenAPI block in markdown, as the server reads it (src-shared/gitbook-markdown/openapi-blocks.ts):
 *
 *     {% openapi-operation spec="petstore" path="/pets" method="get" %}
 *     [OpenAPI petstore](https://…)
 *     {% endopenapi-operation %}
 *
 * The preview renders the pair as an empty card naming the operation (`data-openapi-*`), which
 * preview-openapi.ts fills with the operation read from the spec. A tag without its closing partner, or
 * missing `spec`, `path` or `method`, stays text; inside code it is never a block (markdown-it's fences
 * and indented code are matched before this rule).
 */
export interface OpenAPITag {
  spec: string;
  path: string;
  method: string;
}

const OPEN = /^\{%-?\s*openapi-operation\s+(.*?)\s*-?%\}\s*$/;
const CLOSE = /^\{%-?\s*endopenapi-operation\s*-?%\}\s*$/;
const ATTRIBUTE = /([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function openAPITagOf(text: string): OpenAPITag | undefined {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) found.set(match[1]!, (match[2] ?? match[3] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  const spec = found.get('spec');
  const path = found.get('path');
  const method = found.get('method');
  if (!spec || !path || !method) return undefined;
  return { spec, path, method: method.toLowerCase() };
}

const lineOf = (state: StateBlock, line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);

function openAPIRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  // Indented four spaces or more, it is code.
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const open = OPEN.exec(lineOf(state, startLine));
  const tag = open ? openAPITagOf(open[1]!) : undefined;
  if (!tag) return false;
  let close = startLine + 1;
  while (close < endLine && !CLOSE.test(lineOf(state, close))) close += 1;
  if (close >= endLine) return false;
  if (silent) return true;
  const token = state.push('openapi_operation', 'section', 0);
  token.block = true;
  token.meta = { ...tag };
  token.map = [startLine, close + 1];
  state.line = close + 1;
  return true;
}

/** The markdown-it plugin: the block rule, and the card it renders before its operation is loaded. */
export function openAPIBlocks(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'openapi_operation', openAPIRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.openapi_operation = (tokens, idx) => {
    const tag = tokens[idx]!.meta as unknown as OpenAPITag;
    const e = md.utils.escapeHtml;
    return (
      `<section class="openapi-operation openapi-operation--loading" data-openapi-spec="${e(tag.spec)}" data-openapi-path="${e(tag.path)}" data-openapi-method="${e(tag.method)}" aria-label="${e(`${tag.method.toUpperCase()} ${tag.path}`)}">` +
      `<header><span class="openapi-method openapi-method-${e(tag.method)}">${e(tag.method.toUpperCase())}</span> <code class="openapi-path">${e(tag.path)}</code></header>` +
      `<p class="openapi-operation__status">Loading the operation from “${e(tag.spec)}”…</p></section>\n`
    );
  };
}
