import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';
import { md, spaceWithPage } from './setup';

const server = useTestServer();

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
const owner = () => serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
type Trpc = ReturnType<typeof trpcClient>;

const BODY = '# Install\n\nRun the installer, then restart.\n\n## Configure\n\nEdit the settings file.\n';

/** A space with a page holding BODY, and the app's client. */
async function pageWithText() {
  const { spaceId, comments } = await spaceWithPage(server);
  const pageId = createPage(owner(), spaceId, { title: 'Setup', markdown: BODY }).pageId;
  return { spaceId, pageId, comments, trpc: trpcClient(server.url, server.owner.token) };
}

/** An editor's copy of the page body, as the renderer keeps one: it pushes its edits and pulls others'. */
async function editorCopy(trpc: Trpc, target: { spaceId: string; pageId: string; changeRequestId?: string }) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, bytes((await trpc.content.body.query(target)).update), 'server');
  const pending: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') pending.push(update);
  });
  const text = doc.getText('markdown');
  return {
    text,
    /** The selection of `words` as the app sends it: relative positions from this copy. */
    anchorOf(words: string) {
      const from = text.toString().indexOf(words);
      const encode = (index: number, assoc: number) => b64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, index, assoc)));
      return { start: encode(from, 0), end: encode(from + words.length, -1) };
    },
    async push() {
      if (pending.length) await trpc.content.pushBody.mutate({ ...target, update: b64(Y.mergeUpdates(pending.splice(0))) });
    },
  };
}

async function documentKeys(spaceId: string, pageId: string): Promise<string[]> {
  const document = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=document`)).body.document;
  return document.nodes.map((node: { key: string }) => node.key);
}

describe('comments on words', () => {
  it('targets the block holding the selected words, with the words as its preview, on /v1 and in the app', async () => {
    const { spaceId, pageId, comments, trpc } = await pageWithText();
    const editor = await editorCopy(trpc, { spaceId, pageId });
    const posted = await trpc.comments.post.mutate({ spaceId, page: pageId, body: md('Which installer?'), anchor: editor.anchorOf('the installer') });
    const keys = await documentKeys(spaceId, pageId);
    expect(posted.target.node).toEqual({ id: keys[1], preview: 'the installer' });
    expect(posted.anchor).toEqual(editor.anchorOf('the installer'));

    // /v1 answers the same target, and the response fits GitBook's spec (server.api checks every response).
    const got = await server.api.get(`${comments}/${posted.id}`);
    expect(got.body.target).toMatchObject({ node: { id: keys[1], preview: 'the installer' }, page: { id: pageId, outdated: false } });
    const listed = await server.api.get(`${comments}?targetPage=${pageId}`);
    expect(listed.body.items[0].target.node).toEqual({ id: keys[1], preview: 'the installer' });
  });

  it('follows the words through concurrent edits: another writer’s Yjs update and a rewrite of the markdown (as /v1 writes bodies) above them', async () => {
    const { spaceId, pageId, comments, trpc } = await pageWithText();
    const mine = await editorCopy(trpc, { spaceId, pageId });
    const theirs = await editorCopy(trpc, { spaceId, pageId });
    const posted = await trpc.comments.post.mutate({ spaceId, page: pageId, body: md('Where is it?'), anchor: mine.anchorOf('settings file') });
    expect(posted.target.node?.id).toBe((await documentKeys(spaceId, pageId))[3]);

    // Another writer adds a paragraph above the commented words (their copy never saw the comment).
    theirs.text.insert(BODY.indexOf('## Configure'), 'A new paragraph above.\n\n');
    await theirs.push();
    let keys = await documentKeys(spaceId, pageId);
    let target = (await server.api.get(`${comments}/${posted.id}`)).body.target;
    expect(keys).toHaveLength(5);
    expect(target.node).toEqual({ id: keys[4], preview: 'settings file' });

    // Rewriting the markdown (a word-level diff, as every /v1 write of a body) puts another block first.
    const markdown = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown as string;
    setPageMarkdown(owner(), spaceId, pageId, `Intro.\n\n${markdown}`);
    keys = await documentKeys(spaceId, pageId);
    target = (await server.api.get(`${comments}/${posted.id}`)).body.target;
    expect(keys).toHaveLength(6);
    expect(target.node).toEqual({ id: keys[5], preview: 'settings file' });
    expect(target.page.outdated).toBe(false);
  });

  it('keeps the quote of words that were deleted, and marks its target outdated', async () => {
    const { spaceId, pageId, comments, trpc } = await pageWithText();
    const editor = await editorCopy(trpc, { spaceId, pageId });
    const posted = await trpc.comments.post.mutate({ spaceId, page: pageId, body: md('Restart what?'), anchor: editor.anchorOf('then restart') });
    setPageMarkdown(owner(), spaceId, pageId, BODY.replace(', then restart.', '.'));
    const { target } = (await server.api.get(`${comments}/${posted.id}`)).body;
    expect(target.node).toEqual({ id: expect.any(String), preview: 'then restart' });
    expect(target.page).toMatchObject({ id: pageId, title: 'Setup', outdated: true });
  });

  it('anchors a comment posted on a node of format=document to that block’s text', async () => {
    const { spaceId, pageId, comments, trpc } = await pageWithText();
    const keys = await documentKeys(spaceId, pageId);
    const posted = await server.api.post(comments, { page: pageId, node: keys[2], body: md('Rename this section?') });
    expect(posted.status).toBe(200);
    expect(posted.body.target.node).toEqual({ id: keys[2], preview: '## Configure' });

    // It is anchored to the words, so it moves with them.
    const editor = await editorCopy(trpc, { spaceId, pageId });
    editor.text.insert(0, 'Before anything:\n\n');
    await editor.push();
    const after = await documentKeys(spaceId, pageId);
    expect((await server.api.get(`${comments}/${posted.body.id}`)).body.target.node).toEqual({ id: after[3], preview: '## Configure' });
    const listed = (await trpc.comments.list.query({ spaceId, targetPage: pageId })).items[0]!;
    expect(listed.anchor).toEqual({ start: expect.any(String), end: expect.any(String) });
  });

  it('refuses a node the page’s document does not have, naming node (400)', async () => {
    const { pageId, comments } = await pageWithText();
    const res = await server.api.post(comments, { page: pageId, node: 'k999', body: md('Here?') });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^node: no block "k999" in the page/);
  });

  it('refuses anchors that are not positions in the page’s text, an empty selection, or one without a page', async () => {
    const { spaceId, pageId, trpc } = await pageWithText();
    const editor = await editorCopy(trpc, { spaceId, pageId });
    const other = new Y.Doc().getText('markdown');
    other.insert(0, 'Somewhere else entirely');
    const foreign = b64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(other, 3)));
    const valid = editor.anchorOf('the installer');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ page: pageId, anchor: { start: 'not base64 at all!', end: valid.end } }, /^anchor\.start: not a position in this page's text/],
      [{ page: pageId, anchor: { start: valid.start, end: foreign } }, /^anchor\.end: not a position in this page's text/],
      [{ page: pageId, anchor: { start: valid.end, end: valid.start } }, /^anchor: select some text/],
      [{ anchor: valid }, /^anchor: give the page/],
    ];
    for (const [input, message] of cases) {
      const error = await trpcError(trpc.comments.post.mutate({ spaceId, body: md('x'), ...input }));
      expect(error.code, String(message)).toBe('BAD_REQUEST');
      expect(error.message).toMatch(message);
    }
  });
  it('anchors in a change request to its view of the body, which its first edit forks with the same positions', async () => {
    const { spaceId, pageId, trpc } = await pageWithText();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Wording' })).body;
    const crComments = `/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`;
    const editor = await editorCopy(trpc, { spaceId, pageId, changeRequestId: cr.id });
    const posted = await trpc.comments.post.mutate({ spaceId, changeRequestId: cr.id, page: pageId, body: md('Too vague'), anchor: editor.anchorOf('settings file') });
    editor.text.insert(0, 'Draft note.\n\n');
    await editor.push();
    const keys = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${pageId}?format=document`)).body.document.nodes.map(
      (node: { key: string }) => node.key,
    );
    expect((await server.api.get(`${crComments}/${posted.id}`)).body.target.node).toEqual({ id: keys[4], preview: 'settings file' });
  });
});
