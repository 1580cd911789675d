import type { Code as MdCode, Heading as MdHeading, Image as MdImage, List as MdList, Paragraph as MdParagraph, PhrasingContent, RootContent } from 'mdast';
import type { ConvertContext } from './context';
import { fitBlocks, type Container } from './fit';
import { textContent } from './parse';
import { inlineContent, leaf, phrasingPieces } from './inlines';
import { containerBlocks, groupHtmlContainers, htmlBlocks } from './gitbook-html/blocks';
import { headingAnchor } from './gitbook-html/inline';
import { convertTable, paragraph } from './table';
import { convertGitBookNode, mathBlock } from './tags/convert';
import type { Block, Code, Heading, ImageBlock, Images, List, ListItem } from './types';

/** Converts the children of a container (the document, a quote, a list item, a hint). */
export function convertChildren(nodes: readonly RootContent[], ctx: ConvertContext, container: Container): Block[] {
  return convertFlow(groupHtmlContainers(nodes), ctx, container);
}

function convertFlow(nodes: readonly RootContent[], ctx: ConvertContext, container: Container): Block[] {
  return fitBlocks(nodes.flatMap((node) => convertBlock(node, ctx)), container, ctx);
}

/** One markdown node's blocks, before they are fitted to their container (block-ranges.ts converts node by node). */
export function convertBlock(node: RootContent, ctx: ConvertContext): Block[] {
  // GitBook's tags, expandables (tags/).
  const gitbook = convertGitBookNode(node, ctx, convertChildren);
  if (gitbook) return gitbook;
  switch (node.type) {
    case 'paragraph':
      return [mathBlock(node, ctx) ?? imagesOnly(node, ctx) ?? paragraph(ctx.key(), phrasingPieces(node.children, ctx), ctx)];
    case 'heading':
      return [heading(node, ctx)];
    case 'thematicBreak':
      return [{ object: 'block', type: 'divider', key: ctx.key(), isVoid: true, data: {} }];
    case 'blockquote': {
      const key = ctx.key();
      return [{ object: 'block', type: 'blockquote', key, isVoid: false, data: {}, nodes: convertChildren(node.children, ctx, 'blockquote') }];
    }
    case 'list':
      return [list(node, ctx)];
    case 'code':
      return [code(node, ctx)];
    case 'table':
      return [convertTable(node, ctx)];
    case 'folioHtmlContainer':
      return containerBlocks(node, (children) => convertChildren(children, ctx, 'document'));
    case 'html': {
      // GitBook's HTML: figures, tables, code with bold lines (gitbook-html/).
      const html = htmlBlocks(node.value, ctx);
      if (html) return html;
      // Other raw HTML is kept as a paragraph of its text, so it round-trips.
      return [paragraph(ctx.key(), [leaf(node.value)], ctx)];
    }
    default:
      // Link reference definitions: their links already carry the URL, and they show nothing.
      return [];
  }
}

function heading(node: MdHeading, ctx: ConvertContext): Heading {
  // GitBook has three heading levels; h4-h6 stay headings (with anchors) at the smallest level.
  const level = Math.min(node.depth, 3) as 1 | 2 | 3;
  const key = ctx.key();
  // GitBook writes a heading's kept anchor as `<a href="#id" id="id"></a>` at its end.
  const { id, children } = headingAnchor(node.children);
  const meta = { id: id ?? ctx.anchor(textContent({ ...node, children })) };
  const data = id !== undefined && /^[-a-z0-9.+_]+$/.test(id) ? { id } : {};
  return { object: 'block', type: `heading-${level}`, key, isVoid: false, data, meta, nodes: inlineContent(phrasingPieces(children, ctx), ctx) };
}

const isImage = (node: PhrasingContent): node is MdImage => node.type === 'image';

/** A paragraph of nothing but images (and the space between them) is GitBook's images block. */
function imagesOnly(node: MdParagraph, ctx: ConvertContext): Images | null {
  const blank = (c: PhrasingContent) => c.type === 'break' || (c.type === 'text' && c.value.trim() === '');
  if (!node.children.some(isImage) || !node.children.every((c) => isImage(c) || blank(c))) return null;
  const key = ctx.key();
  const nodes = node.children.filter(isImage).map(({ url, title, alt }): ImageBlock => {
    const imageKey = ctx.key();
    return {
      object: 'block',
      type: 'image',
      key: imageKey,
      isVoid: true,
      data: { ref: ctx.ref(url, 'image'), ...(alt ? { alt } : {}) },
      // The markdown title is the one caption-like text markdown has.
      fragments: title ? [{ object: 'fragment', key: ctx.key(), fragment: 'caption', nodes: [paragraph(ctx.key(), [leaf(title)], ctx)] }] : [],
    };
  });
  return { object: 'block', type: 'images', key, isVoid: false, data: {}, nodes };
}

function list(node: MdList, ctx: ConvertContext): List {
  const key = ctx.key();
  // One checkbox makes a task list; items written without one get no `checked`.
  const tasks = node.children.some((item) => typeof item.checked === 'boolean');
  const type = tasks ? 'list-tasks' : node.ordered ? 'list-ordered' : 'list-unordered';
  const data = type === 'list-ordered' && typeof node.start === 'number' && node.start !== 1 ? { start: node.start } : {};
  const nodes = node.children.map((item): ListItem => {
    const itemKey = ctx.key();
    return {
      object: 'block',
      type: 'list-item',
      key: itemKey,
      isVoid: false,
      data: tasks && typeof item.checked === 'boolean' ? { checked: item.checked } : {},
      nodes: convertChildren(item.children, ctx, 'list-item'),
    };
  });
  return { object: 'block', type, key, isVoid: false, data, nodes };
}

function code(node: MdCode, ctx: ConvertContext): Code {
  const key = ctx.key();
  const nodes = node.value.split(/\r\n|\r|\n/).map((line) => {
    const lineKey = ctx.key();
    return { object: 'block' as const, type: 'code-line' as const, key: lineKey, isVoid: false as const, data: {}, nodes: [{ object: 'text' as const, key: ctx.key(), leaves: [leaf(line)] }] };
  });
  return { object: 'block', type: 'code', key, isVoid: false, data: node.lang ? { syntax: node.lang } : {}, nodes };
}
