import type { Paragraph as MdParagraph, RootContent } from 'mdast';
import type { ConvertContext } from '../context';
import type { Container } from '../fit';
import { inlineContent, leaf, phrasingPieces, type Piece } from '../inlines';
import { paragraph } from '../table';
import type { Block, Code, Column, ContentRefFile, ContentRefURL, Fragment, HintStyle, MathBlock, Paragraph, StepperStep, TabsItem } from '../types';
import { writeTag } from './attributes';
import { isDetailsNode, type DetailsNode } from './details-rule';
import { includeBlocks } from './include';
import { isIncludeNode } from './include-rule';
import { isInlineMathNode } from './math-rule';
import { isTagNode, type TagNode } from './tag-rule';

/**
 * GitBook's tag blocks, expandables and math (as tag-rule.ts, details-rule.ts and math-rule.ts parse
 * them) as document blocks. The caller fits the result into its container (fit.ts). Every URL a block
 * carries goes through `ctx.ref`, the one place URLs become references.
 */

type ConvertChildren = (nodes: readonly RootContent[], ctx: ConvertContext, container: Container) => Block[];

/** The blocks for a GitBook node, or undefined when the node is not one (the caller converts it). */
export function convertGitBookNode(node: unknown, ctx: ConvertContext, children: ConvertChildren): Block[] | undefined {
  if (isTagNode(node)) return convertTag(node, ctx, children);
  if (isDetailsNode(node)) return [expandable(node, ctx, children)];
  if (isIncludeNode(node)) return includeBlocks(node, ctx);
  return undefined;
}

const STYLES: readonly HintStyle[] = ['info', 'success', 'warning', 'danger'];

const bool = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);
const defined = <T extends object>(data: T): T => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as T;

function convertTag(node: TagNode, ctx: ConvertContext, children: ConvertChildren): Block[] {
  const { name, attributes: attr } = node.tag;
  switch (name) {
    case 'hint': {
      const written = (attr.style ?? '').toLowerCase() as HintStyle;
      // An unknown style still marks a hint, shown as the neutral one.
      const style = STYLES.includes(written) ? written : 'info';
      const key = ctx.key();
      return [{ object: 'block', type: 'hint', key, isVoid: false, data: defined({ style, icon: attr.icon }), nodes: children(node.children, ctx, 'hint') }];
    }
    case 'tabs': {
      const key = ctx.key();
      const nodes = items(node, 'tab', ctx, children, (tab, blocks, itemKey): TabsItem => ({
        object: 'block',
        type: 'tabs-item',
        key: itemKey,
        isVoid: false,
        data: { title: tab?.tag.attributes.title ?? '' },
        nodes: blocks,
      }));
      return [{ object: 'block', type: 'tabs', key, isVoid: false, data: defined({ fullWidth: bool(attr.fullWidth) }), nodes }];
    }
    case 'stepper': {
      const key = ctx.key();
      const nodes = items(node, 'step', ctx, children, (_, blocks, itemKey): StepperStep => ({ object: 'block', type: 'stepper-step', key: itemKey, isVoid: false, data: {}, nodes: blocks }));
      return [{ object: 'block', type: 'stepper', key, isVoid: false, data: {}, nodes }];
    }
    case 'columns': {
      const key = ctx.key();
      const nodes = items(node, 'column', ctx, children, (column, blocks, itemKey): Column => ({
        object: 'block',
        type: 'column',
        key: itemKey,
        isVoid: false,
        data: defined({ width: width(column?.tag.attributes.width), verticalAlignment: valign(column?.tag.attributes.valign) }),
        nodes: blocks,
      }));
      return [{ object: 'block', type: 'columns', key, isVoid: false, data: defined({ fullWidth: bool(attr.fullWidth) }), nodes }];
    }
    case 'code':
      return codeWithAttributes(node, ctx, children);
    case 'content-ref':
      if (!attr.url) break;
      // The body is a link for plain-markdown readers; the block is the tag's URL.
      return [{ object: 'block', type: 'content-ref', key: ctx.key(), isVoid: true, data: { ref: ctx.ref(attr.url, 'link') } }];
    case 'embed': {
      if (!attr.url) break;
      const key = ctx.key();
      const fragments = caption(node, ctx, attr.caption);
      return [{ object: 'block', type: 'embed', key, isVoid: true, data: defined({ url: attr.url, fullWidth: bool(attr.fullWidth) }), ...(fragments ? { fragments } : {}) }];
    }
    case 'file':
      return attr.src ? fileBlock(node, attr.src, ctx) : asText(node, ctx, children);
    case 'openapi': {
      if (!attr.src || !attr.path || !attr.method) break;
      const key = ctx.key();
      const ref = fileOrUrl(attr.src, ctx);
      return [{ object: 'block', type: 'swagger', key, isVoid: true, data: defined({ ref, path: attr.path, method: attr.method, expanded: bool(attr.expanded), fullWidth: bool(attr.fullWidth) }) }];
    }
    case 'openapi-operation':
      if (!attr.spec || !attr.path || !attr.method) break;
      return [{ object: 'block', type: 'openapi-operation', key: ctx.key(), isVoid: true, data: { ref: { kind: 'openapi', spec: attr.spec }, path: attr.path, method: attr.method.toLowerCase() } }];
    default: {
      const integration = /^@([^/]+)\/(.+)$/.exec(name);
      if (!integration) break;
      const key = ctx.key();
      return [{ object: 'block', type: 'integration', key, isVoid: true, data: { integration: integration[1]!, block: integration[2]!, props: { ...attr } } }];
    }
  }
  return asText(node, ctx, children);
}

/**
 * The items of a tab set, stepper or column set. Content between items (GitBook writes none) joins
 * the item before it, or the first one, rather than being lost.
 */
function items<T extends Block>(node: TagNode, itemName: string, ctx: ConvertContext, children: ConvertChildren, make: (item: TagNode | undefined, blocks: Block[], key: string) => T): T[] {
  const groups: Array<{ item?: TagNode; nodes: RootContent[] }> = [];
  let stray: RootContent[] = [];
  for (const child of node.children) {
    const tag: unknown = child;
    if (isTagNode(tag) && tag.tag.name === itemName) {
      groups.push({ item: tag, nodes: [...stray, ...tag.children] });
      stray = [];
    } else if (groups.length > 0) {
      groups.at(-1)!.nodes.push(child);
    } else {
      stray.push(child);
    }
  }
  if (stray.length > 0) groups.push({ nodes: stray });
  const container: Container = itemName === 'tab' ? 'tabs-item' : itemName === 'step' ? 'stepper-step' : 'column';
  return groups.map((group) => {
    const key = ctx.key();
    return make(group.item, children(group.nodes, ctx, container), key);
  });
}

/** `width="50%"` as the spec's Length; a bare number as a number. */
function width(value: string | undefined): Column['data']['width'] {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%|px)?\s*$/.exec(value);
  if (!match) return undefined;
  return match[2] ? { unit: match[2], value: Number(match[1]) } : Number(match[1]);
}

function valign(value: string | undefined): Column['data']['verticalAlignment'] {
  return value === 'top' || value === 'middle' || value === 'bottom' ? value : undefined;
}

/** `{% code title overflow lineNumbers fullWidth %}` around one fenced block: the code block's data. */
function codeWithAttributes(node: TagNode, ctx: ConvertContext, children: ConvertChildren): Block[] {
  const { attributes: attr } = node.tag;
  const blocks = children(node.children, ctx, 'document');
  const code = blocks.length === 1 && blocks[0]!.type === 'code' ? (blocks[0] as Code) : undefined;
  if (!code) return blocks;
  const overflow = attr.overflow === 'wrap' || attr.overflow === 'scroll' ? attr.overflow : undefined;
  code.data = defined({ ...code.data, title: attr.title, overflow, lineNumbers: bool(attr.lineNumbers), fullWidth: bool(attr.fullWidth) });
  return [code];
}

/** A caption: the tag's body (`{% embed %}` … `{% endembed %}`), else its `caption` attribute. */
function caption(node: TagNode, ctx: ConvertContext, attribute: string | undefined): Fragment[] | undefined {
  const paragraphs = node.children.filter((c): c is MdParagraph => c.type === 'paragraph');
  if (paragraphs.length === 0 && !attribute) return undefined;
  const key = ctx.key();
  const pieces: Piece[] = paragraphs.length > 0 ? paragraphs.flatMap((p, i) => [...(i > 0 ? [leaf('\n')] : []), ...phrasingPieces(p.children, ctx)]) : [leaf(attribute!)];
  return [{ object: 'fragment', key, fragment: 'caption', nodes: [paragraph(ctx.key(), pieces, ctx)] }];
}

function fileOrUrl(src: string, ctx: ConvertContext): ContentRefFile | ContentRefURL {
  const ref = ctx.ref(src, 'file');
  return ref.kind === 'file' || ref.kind === 'url' ? ref : { kind: 'url', url: src };
}

/**
 * A file block. The spec's file block holds a file of the space only: a `src` that is no file of the
 * space stays what a reader can use, a link to it (named by the caption, else the file name).
 */
function fileBlock(node: TagNode, src: string, ctx: ConvertContext): Block[] {
  const ref = fileOrUrl(src, ctx);
  if (ref.kind === 'file') {
    const key = ctx.key();
    const fragments = caption(node, ctx, node.tag.attributes.caption);
    return [{ object: 'block', type: 'file', key, isVoid: true, data: { ref }, ...(fragments ? { fragments } : {}) }];
  }
  const key = ctx.key();
  const text = node.children.filter((c): c is MdParagraph => c.type === 'paragraph').flatMap((p) => phrasingPieces(p.children, ctx));
  const linkKey = ctx.key();
  const nodes = inlineContent(text.length > 0 ? text : [leaf(decodeURIComponentSafe(src.split('/').at(-1) ?? src))], ctx);
  return [paragraph(key, [{ object: 'inline', type: 'link', key: linkKey, isVoid: false, data: { ref }, nodes: nodes as never }], ctx)];
}

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A tag without what its block needs (a content-ref without url): its lines as text, its content as blocks. */
function asText(node: TagNode, ctx: ConvertContext, children: ConvertChildren): Block[] {
  const { name, keys, attributes } = node.tag;
  const open = paragraph(ctx.key(), [leaf(writeTag(name, keys.map((k) => [k, attributes[k]])))], ctx);
  const content = children(node.children, ctx, 'document');
  return node.closed ? [open, ...content, paragraph(ctx.key(), [leaf(`{% end${name} %}`)], ctx)] : [open, ...content];
}

function expandable(node: DetailsNode, ctx: ConvertContext, children: ConvertChildren): Block {
  const key = ctx.key();
  const titleKey = ctx.key();
  const title: Paragraph = paragraph(ctx.key(), phrasingPieces(node.title, ctx), ctx);
  const bodyKey = ctx.key();
  const body = children(node.children, ctx, 'expandable-body');
  return {
    object: 'block',
    type: 'expandable',
    key,
    isVoid: true,
    data: {},
    fragments: [
      { object: 'fragment', key: titleKey, fragment: 'expandable-title', type: 'expandable-title', nodes: [title] },
      { object: 'fragment', key: bodyKey, fragment: 'expandable-body', type: 'expandable-body', nodes: body },
    ],
  };
}

/** A paragraph of nothing but one formula (and the space around it) is GitBook's math block. */
export function mathBlock(node: MdParagraph, ctx: ConvertContext): MathBlock | undefined {
  const content = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  const only = content.length === 1 ? (content[0] as unknown) : undefined;
  if (!isInlineMathNode(only)) return undefined;
  return { object: 'block', type: 'math', key: ctx.key(), isVoid: true, data: { formula: only.value } };
}
