import { describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function openRequest() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
  const base = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
  return { org, spaceId, cr, base };
}

type Tree = { id: string; title: string; path: string; markdown: string; pages: Tree[] };
const pages = async (base: string) => (await server.api.get(`${base}/content/pages`)).body.pages as Tree[];

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', () => {
  it('applies a batch in order as one revision, answering the change request', async () => {
    const { base, cr } = await openRequest();
    const res = await server.api.post(`${base}/content`, {
      changes: [
        { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Read [install](/pages/guide/install) first.' } },
        { operation: 'insert_page', ref: 'install', into: 'guide', title: 'Install', document: { markdown: 'Run it.' } },
        { operation: 'insert_page', title: 'First', at: 0, document: {} },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'change-request', id: cr.id, space: cr.space });
    expect(res.body.revision).not.toBe(cr.revision);
    const tree = await pages(base);
    expect(tree.map((p) => p.title)).toEqual(['First', 'Guide']);
    expect(tree[1]!.pages.map((p) => p.title)).toEqual(['Install']);
    expect(tree[1]!.markdown).toBe('Read [install](/guide/install) first.');
    expect((await server.api.get(`${base}/links`)).body.stats.broken.total).toBe(0);
  });

  it('updates, renames, moves and deletes pages, and lists the affected pages with compat=false', async () => {
    const { base } = await openRequest();
    const created = await server.api.post(`${base}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', ref: 'a', title: 'A', document: { markdown: 'a' } },
        { operation: 'insert_page', ref: 'b', title: 'B', document: { markdown: 'b' } },
      ],
    });
    expect(created.body.changes.map((c: { object: string; ref?: string }) => [c.object, c.ref])).toEqual([
      ['created_page', 'a'],
      ['created_page', 'b'],
    ]);
    const [a, b] = created.body.changes.map((c: { page: { id: string } }) => c.page.id);
    expect(created.body.changes[0].page.urls.location).toBe(`${server.url}${base}/content/page/${a}`);

    const res = await server.api.post(`${base}/content?compat=false`, {
      changes: [
        { operation: 'update_page', page: a, title: 'A renamed', slug: 'renamed', into: b, document: { markdown: 'a, rewritten' } },
        { operation: 'delete_page', page: b },
      ],
    });
    // A moved under B, then B deleted with everything under it: both end deleted, in the order first touched.
    expect(res.body.changes.map((c: { object: string; page: unknown }) => [c.object, c.page])).toEqual([
      ['deleted_page', a],
      ['deleted_page', b],
    ]);
    expect(await pages(base)).toEqual([]);
  });

  it('uploads files and links them by ref or id', async () => {
    const { base } = await openRequest();
    const res = await server.api.post(`${base}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', title: 'Diagram', document: { markdown: '![Flow](./flow)\n\n[Spec](/pages/nowhere)' } },
        { operation: 'insert_files', files: [{ ref: 'flow', name: 'flow.png', contentType: 'image/png', base64: pngImage(2, 2).toString('base64') }] },
      ],
    });
    expect(res.body.insertedFiles).toEqual([expect.objectContaining({ name: 'flow.png', dimensions: { width: 2, height: 2 } })]);
    const [page] = await pages(base);
    expect(page!.markdown).toBe('![Flow](.gitbook/assets/flow.png)\n\nSpec');
  });

  it('rejects the whole batch when one change is invalid', async () => {
    const { base, cr } = await openRequest();
    const res = await server.api.post(`${base}/content`, {
      changes: [
        { operation: 'insert_page', title: 'Lands?', document: { markdown: 'no' } },
        { operation: 'delete_page', page: 'missing' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^changes\.1\.page:/);
    expect(await pages(base)).toEqual([]);
    expect((await server.api.get(base)).body.revision).toBe(cr.revision);
  });

  it.each([
    [{ changes: [] }, /^changes:/],
    [{ changes: Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' })) }, /^changes:/],
    [{ changes: [{ operation: 'rename_page', page: 'x' }] }, /^changes\.0/],
    [{ changes: [{ operation: 'insert_page', document: { document: { nodes: 'not a list' } } }] }, /^changes\.0\.document\.document:/],
    [{ changes: [{ operation: 'insert_files', files: [{ name: 'x' }] }] }, /^changes\.0\.files\.0/],
  ])('answers 400 for %j', async (body, message) => {
    const { base } = await openRequest();
    const res = await server.api.post(`${base}/content`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it("accepts a page body as GitBook's JSON document", async () => {
    const { base } = await openRequest();
    const document = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'heading-2', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Steps', marks: [] }] }] },
        { object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Run it', marks: [{ object: 'mark', type: 'bold', data: {} }] }] }] },
      ],
    };
    const res = await server.api.post(`${base}/content`, { changes: [{ operation: 'insert_page', title: 'From JSON', document: { document } }] });
    expect(res.status).toBe(200);
    const [page] = await pages(base);
    expect(page!.markdown).toBe('## Steps\n\n**Run it**\n');
  });

  it('reverts a page to how it was when the request started', async () => {
    const { spaceId, base } = await openRequest();
    const main = await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {});
    const inserted = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${main.body.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Base', document: { markdown: 'original' } }],
    });
    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${main.body.id}/merge`);
    const pageId = inserted.body.changes[0].page.id;
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    const path = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
    await server.api.post(`${path}/content`, { changes: [{ operation: 'update_page', page: pageId, title: 'Changed', document: { markdown: 'changed' } }] });
    await server.api.post(`${path}/content`, { changes: [{ operation: 'revert_page', page: pageId }] });
    const [page] = await pages(path);
    expect(page).toMatchObject({ title: 'Base', markdown: 'original' });
    expect(base).toBeDefined();
  });

  it('needs the edit role and an unmerged request', async () => {
    const { org, base } = await openRequest();
    const reader = await org.member('read');
    const change = { changes: [{ operation: 'insert_page', title: 'X', document: {} }] };
    expect((await reader.api.post(`${base}/content`, change)).status).toBe(403);
    await server.api.post(`${base}/merge`);
    expect((await server.api.post(`${base}/content`, change)).status).toBe(409);
  });
});
