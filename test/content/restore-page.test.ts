import * as Y from 'yjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createChangeRequest } from '../../src-main/change-requests/service';
import { bodyState, pushBodyUpdate } from '../../src-main/content/live-service';
import { createPage, deletePage, movePage, updatePage } from '../../src-main/content/pages-service';
import { restorePage } from '../../src-main/content/restore-page';
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
  return (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body as { id: string };
}

interface TreePage {
  id: string;
  title: string;
  emoji?: string;
  markdown?: string;
  pages: TreePage[];
}

async function tree(spaceId: string, prefix = `/v1/spaces/${spaceId}`): Promise<TreePage[]> {
  return (await server.api.get(`${prefix}/content/pages`)).body.pages as TreePage[];
}

const outline = (pages: TreePage[]): unknown => pages.map((p) => (p.pages.length ? [p.title, outline(p.pages)] : p.title));

function refusal(call: () => unknown): FolioError {
  try {
    call();
  } catch (error) {
    if (error instanceof FolioError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('restoring a deleted page', () => {
  it('brings the page back with its subtree, ids, emoji, bodies and place, as a new revision', async () => {
    const space = await newSpace();
    const first = createPage(owner, space.id, { title: 'First' }).pageId;
    const guide = createPage(owner, space.id, { title: 'Guide', emoji: '📘', markdown: '# Guide\n\nRead me.' }).pageId;
    createPage(owner, space.id, { title: 'Last' });
    const install = createPage(owner, space.id, { title: 'Install', parent: guide, markdown: 'Run it.' }).pageId;
    const deep = createPage(owner, space.id, { title: 'Deep', parent: install, markdown: 'Deeper.' }).pageId;
    createPage(owner, space.id, { title: 'Configure', parent: guide });
    deletePage(owner, space.id, guide);
    expect(outline(await tree(space.id))).toEqual(['First', 'Last']);
    const revisionBefore = (await server.api.get(`/v1/spaces/${space.id}`)).body.revision;

    const { revision, restored } = restorePage(owner, space.id, guide);

    expect(restored).toHaveLength(4);
    expect(outline(await tree(space.id))).toEqual(['First', ['Guide', [['Install', ['Deep']], 'Configure']], 'Last']);
    const page = (await server.api.get(`/v1/spaces/${space.id}/content/page/${guide}?format=markdown`)).body;
    expect(page).toMatchObject({ id: guide, title: 'Guide', emoji: '📘', markdown: '# Guide\n\nRead me.' });
    const deepPage = (await server.api.get(`/v1/spaces/${space.id}/content/page/${deep}?format=markdown`)).body;
    expect(deepPage).toMatchObject({ markdown: 'Deeper.', path: 'guide/install/deep' });
    const current = (await server.api.get(`/v1/spaces/${space.id}`)).body.revision;
    expect(current).toBe(revision!.id);
    expect(current).not.toBe(revisionBefore);
    expect(first).toBeTruthy();
  });

  it('keeps a page deleted on its own before its parent deleted, and puts a page whose parent is gone at the root', async () => {
    const space = await newSpace();
    const parent = createPage(owner, space.id, { title: 'Parent' }).pageId;
    const kept = createPage(owner, space.id, { title: 'Child A', parent }).pageId;
    const gone = createPage(owner, space.id, { title: 'Child B', parent }).pageId;
    deletePage(owner, space.id, gone);
    deletePage(owner, space.id, kept);
    deletePage(owner, space.id, parent);

    restorePage(owner, space.id, kept);
    expect(outline(await tree(space.id))).toEqual(['Child A']);
    restorePage(owner, space.id, parent);
    // Child A is back already (at the root); Child B was deleted on its own, before the parent, so stays deleted.
    expect(outline(await tree(space.id))).toEqual(['Child A', 'Parent']);
  });

  it('goes back beside the sibling that followed it, even after the siblings moved', async () => {
    const space = await newSpace();
    const a = createPage(owner, space.id, { title: 'A' }).pageId;
    const b = createPage(owner, space.id, { title: 'B' }).pageId;
    const c = createPage(owner, space.id, { title: 'C' }).pageId;
    deletePage(owner, space.id, b);
    movePage(owner, space.id, c, { before: a });
    restorePage(owner, space.id, b);
    expect(outline(await tree(space.id))).toEqual(['B', 'C', 'A']);
  });

  it('keeps words typed just before the delete, not yet in a revision', async () => {
    const space = await newSpace();
    const { pageId } = createPage(owner, space.id, { title: 'Draft', markdown: 'Hello' });
    const editor = new Y.Doc();
    Y.applyUpdate(editor, bodyState(owner, space.id, pageId).update);
    const sv = Y.encodeStateVector(editor);
    editor.getText('markdown').insert(5, ', world');
    pushBodyUpdate(owner, space.id, pageId, Y.encodeStateAsUpdate(editor, sv));
    deletePage(owner, space.id, pageId);

    restorePage(owner, space.id, pageId);
    const page = (await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`)).body;
    expect(page.markdown).toBe('Hello, world');
  });

  it('restores inside a change request without touching main content', async () => {
    const space = await newSpace();
    const { pageId } = createPage(owner, space.id, { title: 'Shared', markdown: 'Words from main.' });
    updatePage(owner, space.id, pageId, { emoji: '🧪' });
    const cr = createChangeRequest(owner, space.id, 'Rework');
    deletePage(owner, space.id, pageId, cr.id);
    const crPrefix = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
    expect(await tree(space.id, crPrefix)).toEqual([]);

    restorePage(owner, space.id, pageId, cr.id);
    const page = (await server.api.get(`${crPrefix}/content/page/${pageId}?format=markdown`)).body;
    expect(page).toMatchObject({ id: pageId, title: 'Shared', emoji: '🧪', markdown: 'Words from main.' });
    expect(outline(await tree(space.id))).toEqual(['Shared']);
    expect(refusal(() => restorePage(owner, space.id, pageId)).kind).toBe('bad_request');
  });

  it('answers 404 for a page that never existed and 400 saying so for a page that is not deleted', async () => {
    const space = await newSpace();
    const { pageId } = createPage(owner, space.id, { title: 'Here' });
    expect(refusal(() => restorePage(owner, space.id, 'no-such-page')).kind).toBe('not_found');
    const notDeleted = refusal(() => restorePage(owner, space.id, pageId));
    expect(notDeleted.kind).toBe('bad_request');
    expect(notDeleted.message).toMatch(/not deleted/);
  });

  it('refuses a locked space, and changes nothing', async () => {
    const space = await newSpace();
    const { pageId } = createPage(owner, space.id, { title: 'Locked away' });
    deletePage(owner, space.id, pageId);
    await server.api.patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    expect(refusal(() => restorePage(owner, space.id, pageId)).kind).toBe('forbidden');
    expect(await tree(space.id)).toEqual([]);
  });
});
