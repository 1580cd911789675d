import * as Y from 'yjs';
import { type BlockSource, blockAtOffset, blockWithKey, documentBlockSources } from '../../src-shared/gitbook-markdown/block-ranges';
import type { DocStore } from '../content/doc-store';
import { BODY_TEXT, bodyDocId, bodyText } from '../content/engine';
import { badRequest } from '../errors';
import { getBodyFork } from '../store/change-requests';
import type { Db } from '../store/database';
import type { CommentPlace } from './access';

/**
 * Comments on words (issue 16): a comment holds where its text starts and ends in the page's body `Y.Text`
 * as Yjs relative positions, so the anchor follows the text through every edit (typed here, merged from a
 * change request, synced from another replica), and the text it quoted. GitBook names a comment's place by
 * a document node (`target.node`): that is worked out on each read, as the key of the top-level block of
 * `format=document` that holds the anchor's start now (keys are positions in the document, so they move
 * when blocks are added above).
 */

/** The longest quote kept and shown as `target.node.preview`. */
export const QUOTE_LIMIT = 200;

interface StoredAnchor {
  start: string;
  end: string;
  quote: string;
}

/** The anchor as it stands in the page's body now. */
interface ResolvedAnchor {
  /** The block holding the anchor's start; undefined when the body has no blocks. */
  nodeId: string | undefined;
  from: number;
  to: number;
  /** The commented text was deleted (the range is empty). */
  deleted: boolean;
}

interface BodyPlace {
  db: Db;
  docs: DocStore;
  place: Pick<CommentPlace, 'space' | 'treeId'>;
}

/**
 * The body document a page's comments anchor to: the content's own, or for a change request that has not
 * forked the body yet main's, which the fork will start from exactly (so its positions stay valid).
 */
function bodyOf({ db, docs, place }: BodyPlace, pageId: string): Y.Text {
  const own = place.treeId === place.space.id || getBodyFork(db, place.treeId, pageId);
  return bodyText(docs.get(bodyDocId(own ? place.treeId : place.space.id, pageId)));
}

/** An anchor over `[from, to)` of a body: the start sticks to the first character, the end to the last. */
function anchorOver(text: Y.Text, from: number, to: number): StoredAnchor {
  const encode = (position: Y.RelativePosition) => Buffer.from(Y.encodeRelativePosition(position)).toString('base64');
  return {
    start: encode(Y.createRelativePositionFromTypeIndex(text, from, 0)),
    end: encode(Y.createRelativePositionFromTypeIndex(text, to, -1)),
    quote: quoteOf(text.toString().slice(from, to)),
  };
}

function quoteOf(text: string): string {
  return text.length <= QUOTE_LIMIT ? text : `${text.slice(0, QUOTE_LIMIT - 1)}…`;
}

/** `/v1` posts name a block by its key in `format=document`: the comment anchors to the block's text. */
export function anchorToNode(body: BodyPlace, pageId: string, key: string): { anchor: StoredAnchor; nodeId: string } {
  const text = bodyOf(body, pageId);
  const block = blockWithKey(documentBlockSources(text.toString()), key);
  if (!block) throw badRequest(`node: no block "${key}" in the page: use a node key of the page's document (format=document)`);
  return { anchor: anchorOver(text, block.from, block.to), nodeId: block.key };
}

/**
 * The app posts the relative positions it computed from its own copy of the body. They are decoded against
 * the page's body here: bytes that are not relative positions, positions in another document or type (or in
 * edits this replica has not received), and an empty or reversed range are refused.
 */
export function anchorFromPositions(body: BodyPlace, pageId: string, positions: { start: string; end: string }): { anchor: StoredAnchor; nodeId: string | undefined } {
  const text = bodyOf(body, pageId);
  const from = absoluteIndex(text, positions.start, 'anchor.start');
  const to = absoluteIndex(text, positions.end, 'anchor.end');
  if (to <= from) throw badRequest('anchor: select some text to comment on (the end is not after the start)');
  const sources = documentBlockSources(text.toString());
  return {
    anchor: { start: positions.start, end: positions.end, quote: quoteOf(text.toString().slice(from, to)) },
    nodeId: blockAtOffset(sources, from)?.key,
  };
}

function absoluteIndex(text: Y.Text, encoded: string, field: string): number {
  const index = resolveIndex(text, encoded);
  if (index === undefined) throw badRequest(`${field}: not a position in this page's text (expected Y.encodeRelativePosition of the page's body, base64)`);
  return index;
}

/** The index a stored position has in the body now, or undefined when it is not one of this body's. */
function resolveIndex(text: Y.Text, encoded: string): number | undefined {
  try {
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.length === 0) return undefined;
    const relative = Y.decodeRelativePosition(bytes);
    // Only positions in the body's own root text: resolving another root name would create that type here.
    if (relative.type !== null || (relative.tname !== null && relative.tname !== BODY_TEXT)) return undefined;
    const absolute = Y.createAbsolutePositionFromRelativePosition(relative, text.doc!);
    return absolute && absolute.type === text ? absolute.index : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resolves the anchors of comments on the pages of one place, reading each page's body and its blocks once
 * (a listing holds many comments of the same page).
 */
export function anchorResolver(body: BodyPlace) {
  const pages = new Map<string, { text: Y.Text; sources?: BlockSource[] }>();
  return (pageId: string, anchor: { start: string; end: string }): ResolvedAnchor | undefined => {
    let page = pages.get(pageId);
    if (!page) pages.set(pageId, (page = { text: bodyOf(body, pageId) }));
    const from = resolveIndex(page.text, anchor.start);
    const to = resolveIndex(page.text, anchor.end);
    // Positions this replica cannot place yet (the body's edits have not arrived): the stored node stands.
    if (from === undefined || to === undefined) return undefined;
    page.sources ??= documentBlockSources(page.text.toString());
    return { nodeId: blockAtOffset(page.sources, from)?.key, from, to: Math.max(from, to), deleted: to <= from };
  };
}
