import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src-main/app/context';
import { anchorResolver } from '../../src-main/comments/anchors';
import { getCommentForCaller, postComment } from '../../src-main/comments/service';
import { bodyDocId, bodyText } from '../../src-main/content/engine';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { createSpace } from '../../src-main/spaces/service';
import { documentBlockSources } from '../../src-shared/gitbook-markdown/block-ranges';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

const BODY = '# Release\n\nShip the build on Friday.\n';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Where `words` are in a replica's copy of the body, as the app sends a selection. */
function selectionOf(ctx: ServiceContext, spaceId: string, pageId: string, words: string) {
  const text = bodyText(ctx.docs.get(bodyDocId(spaceId, pageId)));
  const from = text.toString().indexOf(words);
  const encode = (index: number, assoc: number) => b64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, index, assoc)));
  return { start: encode(from, 0), end: encode(from + words.length, -1) };
}

/** The block key and text range a replica resolves a comment's anchor to. */
function placeOn(ctx: ServiceContext, spaceId: string, commentId: string) {
  const { place, comment } = getCommentForCaller(ctx, { spaceId }, commentId);
  const resolved = anchorResolver({ db: ctx.db, docs: ctx.docs, place })(comment.page_id!, { start: comment.anchor_start!, end: comment.anchor_end! });
  const markdown = bodyText(ctx.docs.get(bodyDocId(spaceId, comment.page_id!))).toString();
  return { node: resolved?.nodeId, words: markdown.slice(resolved?.from, resolved?.to), quote: comment.anchor_quote, keys: documentBlockSources(markdown).map((b) => b.key) };
}

describe('comments on words sync between a team server and a workstation', () => {
  it('carry their anchor both ways, and each replica places it on the same words as the text moves', async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Docs' }) as unknown as { space: { id: string } };
    const { pageId } = createPage(server.ctx, space.id, { title: 'Release', markdown: BODY });
    const client = attach(server.token);
    await client.syncOnce();

    // Posted on the workstation from its own copy of the body, the comment reaches the server.
    const here = asOwnerThere();
    const { comment } = postComment(here, { spaceId: space.id }, { page: pageId, body: { markdown: 'Which Friday?' }, anchor: selectionOf(here, space.id, pageId, 'on Friday') });
    await client.syncOnce();
    const columns = (db: typeof server.db) =>
      db.prepare('SELECT anchor_start, anchor_end, anchor_quote, node_id FROM comments WHERE id = ?').get(comment.id);
    expect(columns(server.db)).toEqual(columns(workstation.db));
    expect(placeOn(server.ctx, space.id, comment.id)).toMatchObject({ words: 'on Friday', quote: 'on Friday' });

    // The server's writer adds a block above; after a sync both replicas place the comment on the moved words.
    setPageMarkdown(server.ctx, space.id, pageId, `# Release\n\nA warning first.\n\nShip the build on Friday.\n`);
    await client.syncOnce();
    const there = placeOn(server.ctx, space.id, comment.id);
    expect(there).toMatchObject({ words: 'on Friday', node: there.keys[2] });
    expect(placeOn(asOwnerThere(), space.id, comment.id)).toEqual(there);
  });
});
