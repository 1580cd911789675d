import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
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

const currentRevision = async (spaceId: string) => (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
type Node = { type?: string; leaves?: Array<{ text: string }>; nodes?: Node[]; data?: Record<string, unknown> };
const textOf = (node: Node): string => (node.leaves?.map((l) => l.text).join('') ?? '') + (node.nodes ?? []).map(textOf).join('');

describe("a page's document in a revision", () => {
  it('is the body the revision recorded, its links to pages as references', async () => {
    const spaceId = await newSpace();
    const { pageId: target } = createPage(owner, spaceId, { title: 'Target', markdown: 'Here.' });
    const { pageId } = createPage(owner, spaceId, { title: 'Page', markdown: 'Version one, see [the target](target.md).' });
    const then = await currentRevision(spaceId);
    setPageMarkdown(owner, spaceId, pageId, 'Version two.');

    const res = await server.api.get(`/v1/spaces/${spaceId}/revisions/${then}/page/${pageId}/document?evaluated=deterministic-only&dereferenced=true`);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('document');
    expect(textOf(res.body)).toBe('Version one, see the target.');
    expect(JSON.stringify(res.body)).toContain(`{"kind":"page","page":"${target}"}`);
    const now = await server.api.get(`/v1/spaces/${spaceId}/revisions/${await currentRevision(spaceId)}/page/${pageId}/document`);
    expect(textOf(now.body)).toBe('Version two.');
  });

  it('is a 404 for a page the revision does not have, and a 400 for a bad option', async () => {
    const spaceId = await newSpace();
    const before = await currentRevision(spaceId);
    const { pageId } = createPage(owner, spaceId, { title: 'Later' });
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${before}/page/${pageId}/document`)).status).toBe(404);
    const bad = await server.api.get(`/v1/spaces/${spaceId}/revisions/${await currentRevision(spaceId)}/page/${pageId}/document?evaluated=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('evaluated');
  });
});

describe('a document by id', () => {
  it("resolves the ids a revision's changes give for a page's body, before and after", async () => {
    const spaceId = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Page', markdown: 'Old words.' });
    setPageMarkdown(owner, spaceId, pageId, 'New words.');
    const changes = await server.api.get(`/v1/spaces/${spaceId}/revisions/${await currentRevision(spaceId)}/changes`);
    const { before, after } = changes.body.changes[0].attributes.document as { before: string; after: string };

    const old = await server.api.get(`/v1/spaces/${spaceId}/documents/${before}`);
    expect(old.status).toBe(200);
    expect(textOf(old.body)).toBe('Old words.');
    const current = await server.api.get(`/v1/spaces/${spaceId}/documents/${after}?schema=current`);
    expect(textOf(current.body)).toBe('New words.');
  });

  it("resolves the documentId a page read gives, now, at a revision and in a change request; an empty page has none", async () => {
    const spaceId = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Page', markdown: 'Body with ![a picture](.gitbook/assets/pic.png).' });
    const { pageId: empty } = createPage(owner, spaceId, { title: 'Empty' });
    const now = await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}`);
    expect(now.body.documentId).toMatch(/^[0-9a-f]{64}$/);
    const document = await server.api.get(`/v1/spaces/${spaceId}/documents/${now.body.documentId}`);
    expect(textOf(document.body)).toBe('Body with .');
    const atRevision = await server.api.get(`/v1/spaces/${spaceId}/revisions/${await currentRevision(spaceId)}/page/${pageId}`);
    expect(atRevision.body.documentId).toBe(now.body.documentId);
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr}/content/page/${pageId}`)).body.documentId).toBe(now.body.documentId);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/${empty}`)).body.documentId).toBeUndefined();
    // Listings do not hash every body.
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages[0].documentId).toBeUndefined();
  });

  it("is a 404 for an unknown id and for another space's document", async () => {
    const spaceId = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Page', markdown: 'Private words.' });
    setPageMarkdown(owner, spaceId, pageId, 'Other words.');
    const changes = await server.api.get(`/v1/spaces/${spaceId}/revisions/${await currentRevision(spaceId)}/changes`);
    const documentId = changes.body.changes[0].attributes.document.after as string;
    const otherSpace = await newSpace();
    expect((await server.api.get(`/v1/spaces/${otherSpace}/documents/${documentId}`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${spaceId}/documents/not-a-document`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${spaceId}/documents/${documentId}?schema=old`)).status).toBe(400);
  });
});

describe('reusable contents', () => {
  it('answer 404 for an unknown id in every content, after access is checked', async () => {
    const spaceId = await newSpace();
    const revision = await currentRevision(spaceId);
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    for (const path of [
      `/v1/spaces/${spaceId}/content/reusable-contents/rc1`,
      `/v1/spaces/${spaceId}/change-requests/${cr}/content/reusable-contents/rc1`,
      `/v1/spaces/${spaceId}/revisions/${revision}/reusable-contents/rc1`,
      `/v1/spaces/${spaceId}/revisions/${revision}/reusable-contents/rc1/document`,
    ]) {
      const res = await server.api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toContain('Reusable content "rc1" not found');
    }
    const missing = await server.api.get(`/v1/spaces/${spaceId}/revisions/nope/reusable-contents/rc1`);
    expect(missing.body.error.message).toContain('Revision');
  });
});
