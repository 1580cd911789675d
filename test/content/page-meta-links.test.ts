import { beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { cutRevision, refreshTreeRows, treeDocId } from '../../src-main/content/engine';
import { createPage } from '../../src-main/content/pages-service';
import { pagesOf } from '../../src-main/content/tree-model';
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
  return (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
}

/** Meta links are a page option (sync and imports keep GitBook's options as given): written here as they would be. */
function declareMetaLinks(spaceId: string, pageId: string, metaLinks: unknown) {
  owner.docs.write((writer) => {
    const tree = { spaceId, treeId: spaceId };
    writer.change(treeDocId(spaceId), (doc: Y.Doc) => {
      const record = pagesOf(doc).get(pageId)!;
      record.set('options', { ...(record.get('options') as object | undefined), metaLinks });
    });
    refreshTreeRows(owner, tree);
    cutRevision(owner, tree, 'edits', owner.user.id);
  });
}

describe("a page's meta links", () => {
  it('are none for a page that declares none, in main content, a change request and a revision', async () => {
    const spaceId = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Page' });
    const revision = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}/meta-links`)).body).toEqual({});
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr}/content/page/${pageId}/meta-links`)).body).toEqual({});
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${revision}/page/${pageId}/meta-links`)).body).toEqual({});
  });

  it('present the canonical page and alternates a page declares', async () => {
    const spaceId = await newSpace();
    const { pageId: canonical } = createPage(owner, spaceId, { title: 'Canonical' });
    const { pageId } = createPage(owner, spaceId, { title: 'Copy' });
    declareMetaLinks(spaceId, pageId, { canonical: { kind: 'page', page: canonical }, alternates: [{ kind: 'url', url: 'https://example.com/fr/copy' }, { kind: 'bogus' }] });
    const res = await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}/meta-links`);
    expect(res.body).toEqual({ canonical: { kind: 'page', page: canonical }, alternates: [{ kind: 'url', url: 'https://example.com/fr/copy' }] });
    const revision = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${revision}/page/${pageId}/meta-links`)).body).toEqual(res.body);
  });

  it('are a 404 for an unknown page, change request or revision', async () => {
    const spaceId = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Page' });
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/nope/meta-links`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/nope/content/page/${pageId}/meta-links`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/nope/page/${pageId}/meta-links`)).status).toBe(404);
  });
});
