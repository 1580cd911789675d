import * as Y from 'yjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createChangeRequest, mergeChangeRequest } from '../../src-main/change-requests/service';
import { bodyState } from '../../src-main/content/live-service';
import { createPage, deletePage, movePage, setPageMarkdown, updatePage } from '../../src-main/content/pages-service';
import { restorePageToRevision, restoreSpaceToRevision } from '../../src-main/content/restore-revision';
import { listSpaceRevisions } from '../../src-main/content/revisions-service';
import { uploadFile } from '../../src-main/files/service';
import { FolioError } from '../../src-main/errors';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function newSpace() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body as { id: string };
  return { org, spaceId: space.id };
}

interface TreePage {
  id: string;
  title: string;
  pages: TreePage[];
}

const outline = (pages: TreePage[]): unknown => pages.map((p) => (p.pages.length ? [p.title, outline(p.pages)] : p.title));

async function tree(spaceId: string) {
  return outline((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[]);
}

async function markdownOf(spaceId: string, pageId: string): Promise<string> {
  return (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown as string;
}

async function currentRevision(spaceId: string): Promise<string> {
  return (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
}

/** The body's Yjs document as a replica that loads it whole sees it. */
function yjsText(spaceId: string, pageId: string): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, bodyState(owner, spaceId, pageId).update);
  return doc.getText('markdown').toString();
}

function refusal(call: () => unknown): FolioError {
  try {
    call();
  } catch (error) {
    if (error instanceof FolioError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('restoring a page to a revision', () => {
  it('gives the page its title and body of then as a new revision, in its Yjs document too, and the history says so', async () => {
    const { spaceId } = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Setup', emoji: '📘', markdown: 'First words.\n' });
    const then = setPageMarkdown(owner, spaceId, pageId, 'Second words.\n')!;
    updatePage(owner, spaceId, pageId, { title: 'Install', emoji: null });
    setPageMarkdown(owner, spaceId, pageId, 'Third words, much later.\n');
    const other = createPage(owner, spaceId, { title: 'Other', markdown: 'Untouched.\n' }).pageId;
    const before = await currentRevision(spaceId);

    const { revision } = restorePageToRevision(owner, spaceId, pageId, then.id);

    expect(revision).not.toBeNull();
    expect(await currentRevision(spaceId)).toBe(revision!.id);
    expect(revision!.id).not.toBe(before);
    const page = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body;
    expect(page).toMatchObject({ title: 'Setup', emoji: '📘', markdown: 'Second words.\n' });
    expect(yjsText(spaceId, pageId)).toBe('Second words.\n');
    expect(await markdownOf(spaceId, other)).toBe('Untouched.\n');
    expect(await tree(spaceId)).toEqual(['Setup', 'Other']);

    // Nothing is lost: the revision before the restore still reads the later words.
    const older = await server.api.get(`/v1/spaces/${spaceId}/revisions/${before}/page/${pageId}?format=markdown`);
    expect(older.body.markdown).toBe('Third words, much later.\n');
    const [entry] = listSpaceRevisions(owner, spaceId, { limit: 1 }).rows;
    expect(entry).toMatchObject({ kind: 'restore', restoredTo: { id: then.id }, author: { id: server.owner.id } });
    expect(entry!.changes.sample).toEqual([{ pageId, title: 'Setup', change: 'renamed', previousTitle: 'Install' }]);
  });

  it('brings back a page deleted since, and makes no revision when the page already reads as it did', async () => {
    const { spaceId } = await newSpace();
    const { pageId, revision: created } = createPage(owner, spaceId, { title: 'Gone', markdown: 'Kept words.\n' });
    createPage(owner, spaceId, { title: 'Stays' });
    deletePage(owner, spaceId, pageId);

    expect(restorePageToRevision(owner, spaceId, pageId, created!.id).revision).not.toBeNull();
    expect(await tree(spaceId)).toEqual(['Gone', 'Stays']);
    expect(await markdownOf(spaceId, pageId)).toBe('Kept words.\n');
    expect(restorePageToRevision(owner, spaceId, pageId, created!.id).revision).toBeNull();
  });

  it('refuses a page that did not exist then, a revision of another space, a reader and a locked space', async () => {
    const { org, spaceId } = await newSpace();
    const { revision: early } = createPage(owner, spaceId, { title: 'Early' });
    const { pageId } = createPage(owner, spaceId, { title: 'Late', markdown: 'Late.\n' });
    expect(refusal(() => restorePageToRevision(owner, spaceId, pageId, early!.id)).kind).toBe('bad_request');
    const elsewhere = await newSpace();
    const { revision: foreign } = createPage(owner, elsewhere.spaceId, { title: 'Foreign' });
    expect(refusal(() => restorePageToRevision(owner, spaceId, pageId, foreign!.id)).kind).toBe('not_found');
    expect(refusal(() => restoreSpaceToRevision(owner, spaceId, foreign!.id)).kind).toBe('not_found');

    const reader = await org.member('read', 'reader');
    const readerCtx = serviceContext(server.app, getUserById(server.app.db, reader.id)!);
    expect(refusal(() => restoreSpaceToRevision(readerCtx, spaceId, early!.id)).kind).toBe('forbidden');
    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'locked' });
    expect(refusal(() => restoreSpaceToRevision(owner, spaceId, early!.id)).kind).toBe('forbidden');
    expect(await tree(spaceId)).toEqual(['Early', 'Late']);
  });
});

describe('restoring the whole space to a revision', () => {
  it('puts back pages, order, titles, files and bodies as they were, as a rollback revision that keeps the history', async () => {
    const { spaceId } = await newSpace();
    const guide = createPage(owner, spaceId, { title: 'Guide', markdown: 'Read me.\n' }).pageId;
    const install = createPage(owner, spaceId, { title: 'Install', parent: guide, markdown: 'Run it.\n' }).pageId;
    const faq = createPage(owner, spaceId, { title: 'FAQ', markdown: 'Questions.\n' }).pageId;
    const { revision: uploaded } = uploadFile(owner, spaceId, { name: 'logo.png', contentType: 'image/png', bytes: new Uint8Array([1, 2, 3]) });
    const target = uploaded!.id;
    const files = async () => ((await server.api.get(`/v1/spaces/${spaceId}/content/files`)).body.items as Array<{ name: string }>).map((f) => f.name);
    expect(await files()).toEqual(['logo.png']);

    // Everything changes afterwards: a page added, one deleted, one moved and renamed, bodies rewritten, the file replaced.
    const added = createPage(owner, spaceId, { title: 'Added later', markdown: 'New.\n' }).pageId;
    deletePage(owner, spaceId, install);
    movePage(owner, spaceId, faq, { before: guide });
    updatePage(owner, spaceId, guide, { title: 'Handbook' });
    setPageMarkdown(owner, spaceId, guide, 'Rewritten entirely.\n');
    uploadFile(owner, spaceId, { name: 'other.png', contentType: 'image/png', bytes: new Uint8Array([4]) });
    const before = await currentRevision(spaceId);
    expect(await tree(spaceId)).toEqual(['FAQ', 'Handbook', 'Added later']);

    const { revision } = restoreSpaceToRevision(owner, spaceId, target);

    expect(revision).toMatchObject({ type: 'rollback', origin: 'restore', base_revision_id: target });
    expect(await currentRevision(spaceId)).toBe(revision!.id);
    expect(await tree(spaceId)).toEqual([['Guide', ['Install']], 'FAQ']);
    expect(await markdownOf(spaceId, guide)).toBe('Read me.\n');
    expect(await markdownOf(spaceId, install)).toBe('Run it.\n');
    expect(yjsText(spaceId, guide)).toBe('Read me.\n');
    expect(yjsText(spaceId, install)).toBe('Run it.\n');
    expect(await files()).toEqual(['logo.png']);
    // The content equals the old revision's, page for page; the revision before the restore still has the later state.
    const pagesAt = async (rev: string) => outline((await server.api.get(`/v1/spaces/${spaceId}/revisions/${rev}`)).body.pages as TreePage[]);
    expect(await pagesAt(revision!.id)).toEqual(await pagesAt(target));
    expect(await pagesAt(before)).toEqual(['FAQ', 'Handbook', 'Added later']);
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${before}/page/${added}?format=markdown`)).body.markdown).toBe('New.\n');
    expect(listSpaceRevisions(owner, spaceId, { limit: 1 }).rows[0]).toMatchObject({ kind: 'rollback', restoredTo: { id: target } });
  });

  it('reaches an editor holding the page as a Yjs update, and a change request opened before still merges its edits', async () => {
    const { spaceId } = await newSpace();
    const { pageId, revision: target } = createPage(owner, spaceId, { title: 'Notes', markdown: 'One.\n\nTwo.\n' });
    setPageMarkdown(owner, spaceId, pageId, 'One.\n\nTwo, rewritten on main.\n');
    const cr = createChangeRequest(owner, spaceId, 'Polish');
    setPageMarkdown(owner, spaceId, pageId, 'One, from the request.\n\nTwo, rewritten on main.\n', cr.id);
    // An editor that loaded the body before the restore.
    const editor = new Y.Doc();
    Y.applyUpdate(editor, bodyState(owner, spaceId, pageId).update);

    restoreSpaceToRevision(owner, spaceId, target!.id);

    Y.applyUpdate(editor, bodyState(owner, spaceId, pageId, Y.encodeStateVector(editor)).update);
    expect(editor.getText('markdown').toString()).toBe('One.\n\nTwo.\n');
    // The request's view is still what it forked from plus its own edits.
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${pageId}?format=markdown`)).body.markdown).toBe(
      'One, from the request.\n\nTwo, rewritten on main.\n',
    );
    mergeChangeRequest(owner, spaceId, cr.id);
    expect(await markdownOf(spaceId, pageId)).toBe('One, from the request.\n\nTwo.\n');
    expect(yjsText(spaceId, pageId)).toBe('One, from the request.\n\nTwo.\n');
  });
});
