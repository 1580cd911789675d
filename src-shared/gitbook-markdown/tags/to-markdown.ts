import { arrayOf, isObject, plainText, refHref, stringOf, type InlineContext, type Json } from '../to-markdown-inline';
import { writeTag } from './attributes';
import { summaryHtml } from './summary-html';

/**
 * GitBook's tag blocks, expandables and math as GitBook's Git Sync writes them (GitbookIO's
 * git-sync-normalization samples, GitBook's docs and real Git Sync repositories): tag lines of their
 * own, no blank line inside a tab or step before its content, a blank line between two tabs, steps or
 * columns. `markdownToDocument` reads each back as the same block.
 */

/** What the block writer (../to-markdown.ts) lends: child blocks, inline content and fences. */
export interface TagWriter {
  ctx: InlineContext;
  /** Child blocks' lines, blank lines between; `hint`: inside a hint (no hint nests in a hint). */
  blocks(nodes: readonly unknown[], inside: 'document' | 'hint'): string[];
  /** Inline content as a paragraph's lines. */
  inline(nodes: readonly unknown[]): string[];
  fence(lines: readonly string[], syntax: string | undefined): string[];
}

const HINT_STYLES = ['info', 'success', 'warning', 'danger'];

const boolAttr = (value: unknown) => (typeof value === 'boolean' ? String(value) : undefined);

/** A block's lines, or undefined when it is not one of these blocks (or has nothing to write them with). */
export function writeGitBookBlock(node: Json, writer: TagWriter): string[] | undefined {
  const data = isObject(node.data) ? node.data : {};
  const nodes = arrayOf(node.nodes);
  const items = (type: string) => nodes.filter((n): n is Json => isObject(n) && (n.type === type || n.type === undefined));
  switch (node.type) {
    case 'hint': {
      const style = typeof data.style === 'string' && HINT_STYLES.includes(data.style) ? data.style : 'info';
      return [writeTag('hint', [['style', style], ['icon', stringOf(data.icon)]]), ...writer.blocks(nodes, 'hint'), '{% endhint %}'];
    }
    case 'tabs':
      return frame('tabs', [['fullWidth', boolAttr(data.fullWidth)]], items('tabs-item').map((tab) => panel('tab', [['title', stringOf(isObject(tab.data) ? tab.data.title : undefined) ?? '']], tab, writer, false)));
    case 'stepper':
      return frame('stepper', [], items('stepper-step').map((step) => panel('step', [], step, writer, false)));
    case 'columns':
      return frame('columns', [['fullWidth', boolAttr(data.fullWidth)]], items('column').map((column) => panel('column', columnAttributes(column), column, writer, true)));
    case 'code':
      return codeLines(node, data, nodes, writer);
    case 'content-ref': {
      const href = refHref(data.ref, writer.ctx);
      return href === undefined ? undefined : [writeTag('content-ref', [['url', href]]), linkLine(href, href), '{% endcontent-ref %}'];
    }
    case 'embed': {
      const url = stringOf(data.url);
      return url === undefined ? undefined : captioned('embed', [['url', url], ['fullWidth', boolAttr(data.fullWidth)]], node, writer);
    }
    case 'file': {
      const src = refHref(data.ref, writer.ctx);
      return src === undefined ? undefined : captioned('file', [['src', src]], node, writer);
    }
    case 'swagger': {
      const src = refHref(data.ref, writer.ctx);
      const path = stringOf(data.path);
      const method = stringOf(data.method);
      if (src === undefined || path === undefined || method === undefined) return undefined;
      const attributes: Attributes = [['src', src], ['path', path], ['method', method], ['expanded', boolAttr(data.expanded)], ['fullWidth', boolAttr(data.fullWidth)]];
      return [writeTag('openapi', attributes), linkLine(fileName(src), src), '{% endopenapi %}'];
    }
    case 'math':
      return ['$$', ...(stringOf(data.formula) ?? '').split(/\r\n|\r|\n/), '$$'];
    case 'expandable':
      return expandableLines(node, writer);
    case 'integration': {
      const integration = stringOf(data.integration);
      const block = stringOf(data.block);
      if (!integration || !block) return undefined;
      const props = isObject(data.props) ? Object.entries(data.props).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)) : [];
      return [writeTag(`@${integration}/${block}`, props as Attributes)];
    }
    default:
      return undefined;
  }
}

type Attributes = ReadonlyArray<readonly [string, string | number | boolean | undefined]>;

function frame(name: string, attributes: Attributes, panels: string[][]): string[] {
  return [writeTag(name, attributes), ...panels.flatMap((lines, i) => (i > 0 ? ['', ...lines] : lines)), `{% end${name} %}`];
}

/** A tab, step or column; GitBook leaves a blank line after a column's opening tag. */
function panel(name: string, attributes: Attributes, item: Json, writer: TagWriter, blankAfterOpen: boolean): string[] {
  const content = writer.blocks(arrayOf(item.nodes), 'document');
  return [writeTag(name, attributes), ...(blankAfterOpen && content.length > 0 ? [''] : []), ...content, `{% end${name} %}`];
}

function columnAttributes(column: Json): Attributes {
  const data = isObject(column.data) ? column.data : {};
  const width = data.width;
  const written = typeof width === 'number' ? String(width) : typeof width === 'string' ? width : isObject(width) && typeof width.value === 'number' ? `${width.value}${stringOf(width.unit) ?? ''}` : undefined;
  const valign = stringOf(data.verticalAlignment);
  return [
    ['width', written],
    ['valign', valign],
  ];
}

/** `{% code %}` around the fence when the block has a title, wrapping, line numbers or full width. */
function codeLines(node: Json, data: Json, nodes: readonly unknown[], writer: TagWriter): string[] | undefined {
  const attributes: Attributes = [
    ['title', stringOf(data.title)],
    ['overflow', data.overflow === 'wrap' || data.overflow === 'scroll' ? data.overflow : undefined],
    ['lineNumbers', boolAttr(data.lineNumbers)],
    ['fullWidth', boolAttr(data.fullWidth)],
  ];
  if (attributes.every(([, value]) => value === undefined)) return undefined;
  const lines = nodes.length > 0 ? nodes.flatMap((line) => plainText(line).split(/\r\n|\r|\n/)) : [''];
  return [writeTag('code', attributes), ...writer.fence(lines, stringOf(data.syntax)), '{% endcode %}'];
}

/** An embed or file: the tag alone, or with its caption and closing tag. */
function captioned(name: string, attributes: Attributes, node: Json, writer: TagWriter): string[] {
  const fragments = arrayOf(node.fragments).filter(isObject);
  const caption = fragments.find((f) => f.fragment === 'caption') ?? fragments[0];
  const lines = arrayOf(caption?.nodes).flatMap((paragraph) => writer.inline(isObject(paragraph) ? arrayOf(paragraph.nodes) : [paragraph]));
  return lines.length > 0 ? [writeTag(name, attributes), ...lines, `{% end${name} %}`] : [writeTag(name, attributes)];
}

/**
 * The link line inside a content-ref or openapi tag, for readers of the plain markdown; the block is
 * read from the tag, so the text is written as GitBook writes it, unescaped but for brackets.
 */
function linkLine(text: string, href: string): string {
  const target = /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
  return `[${text.replace(/[[\]\\]/g, '\\$&')}](${target})`;
}

function fileName(src: string): string {
  const name = src.split(/[?#]/)[0]!.split('/').at(-1) || src;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function expandableLines(node: Json, writer: TagWriter): string[] {
  const fragments = arrayOf(node.fragments).filter(isObject);
  const title = fragments.find((f) => f.fragment === 'expandable-title' || f.type === 'expandable-title');
  const bodies = fragments.filter((f) => f !== title);
  const titleNodes = arrayOf(title?.nodes).flatMap((p) => (isObject(p) && Array.isArray(p.nodes) ? p.nodes : [p]));
  const body = writer.blocks([...bodies.flatMap((f) => arrayOf(f.nodes)), ...arrayOf(node.nodes)], 'document');
  return ['<details>', '', `<summary>${summaryHtml(titleNodes, writer.ctx)}</summary>`, '', ...(body.length > 0 ? [...body, ''] : []), '</details>'];
}
