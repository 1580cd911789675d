import type { ConvertContext } from '../context';
import type { Container } from '../fit';
import { inlineContent, leaf, piecesOf, type Piece } from '../inlines';
import { paragraph } from '../table';
import type { Block, ContentRef, Paragraph } from '../types';
import { includeAsText } from './include';

type Fit = (blocks: Block[], container: Container, ctx: ConvertContext) => Block[];

/**
 * GitBook's tag blocks where the spec admits none (a tab set in a hint, a column set anywhere: the
 * 0.137.0 spec admits columns in no document): what a reader needs from them, in blocks that fit.
 * Frames go and their content stays (a tab's or expandable's title as a bold line); void blocks
 * become a link to what they show. Undefined for blocks this module does not know.
 */
export function downgradeGitBookBlock(block: Block, container: Container, ctx: ConvertContext, fit: Fit): Block[] | undefined {
  switch (block.type) {
    case 'tabs':
      return fit(
        block.nodes.flatMap((tab) => [...(tab.data.title ? [titleLine(ctx.key(), [leaf(tab.data.title, ['bold'])], ctx)] : []), ...tab.nodes]),
        container,
        ctx,
      );
    case 'tabs-item':
    case 'stepper-step':
    case 'column':
      return fit(block.nodes, container, ctx);
    case 'stepper':
    case 'columns':
      return fit(
        block.nodes.flatMap((item) => item.nodes),
        container,
        ctx,
      );
    case 'expandable': {
      const [title, body] = block.fragments;
      const titlePieces = piecesOf(title.nodes[0]?.nodes ?? []).map((piece) => (piece.object === 'leaf' ? leaf(piece.text, ['bold', ...piece.marks.map((m) => m.type).filter((m) => m !== 'bold')]) : piece));
      return fit([titleLine(block.key, titlePieces, ctx), ...body.nodes], container, ctx);
    }
    case 'embed': {
      const caption = block.fragments?.[0]?.nodes[0]?.nodes;
      return [linkLine(block.key, { kind: 'url', url: block.data.url }, caption ? piecesOf(caption) : [leaf(block.data.url)], ctx)];
    }
    case 'content-ref':
      return [linkLine(block.key, block.data.ref, [leaf(refText(block.data.ref))], ctx)];
    case 'file': {
      const caption = block.fragments?.[0]?.nodes[0]?.nodes;
      return [linkLine(block.key, block.data.ref, caption ? piecesOf(caption) : [leaf(refText(block.data.ref))], ctx)];
    }
    case 'swagger':
      return [linkLine(block.key, block.data.ref, [leaf(`${block.data.method.toUpperCase()} ${block.data.path}`)], ctx)];
    case 'math':
      return [paragraph(block.key, [{ object: 'inline', type: 'inline-math', key: ctx.key(), isVoid: true, data: { formula: block.data.formula } }], ctx)];
    case 'integration': {
      const url = block.data.props.url ?? block.data.url;
      const name = `${block.data.integration}/${block.data.block}`;
      return [url ? linkLine(block.key, { kind: 'url', url }, [leaf(name)], ctx) : paragraph(block.key, [leaf(name)], ctx)];
    }
    case 'reusable-content':
      return includeAsText(block, ctx);
    default:
      return undefined;
  }
}

function titleLine(key: string, pieces: Piece[], ctx: ConvertContext): Paragraph {
  return paragraph(key, pieces, ctx);
}

function linkLine(key: string, ref: ContentRef, text: Piece[], ctx: ConvertContext): Paragraph {
  const linkKey = ctx.key();
  const nodes = inlineContent(text, ctx) as never;
  return paragraph(key, [{ object: 'inline', type: 'link', key: linkKey, isVoid: false, data: { ref }, nodes }], ctx);
}

function refText(ref: ContentRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'page':
      return ref.page;
    case 'anchor':
      return `#${ref.anchor}`;
    case 'file':
      return ref.file;
  }
}
