import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { readPdf } from '../pdf/support';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf', () => {
  it("links to a PDF of the change request's pages, or of one page", async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Manual' })).body.id as string;
    const intro = createPage(owner, spaceId, { title: 'Introduction', markdown: '# Welcome\n\nHello.' }).pageId;
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Rewrite' })).body;
    setPageMarkdown(owner, spaceId, intro, '## Rewritten heading\n\n- one\n- two\n\n```js\nconsole.log(1)\n```', cr.id);
    createPage(owner, spaceId, { title: 'Appendix', markdown: 'Only in the request.' }, cr.id);

    const res = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf`);
    expect(res.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await (await fetch(res.body.url)).arrayBuffer()));
    const text = pdf.pages.join('\n');
    expect(text).toContain('Rewritten heading');
    expect(text).toContain('Only in the request.');
    expect(text).toContain('console.log(1)');
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);

    const one = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.number}/pdf?only=true&page=${intro}`);
    const onePdf = await readPdf(new Uint8Array(await (await fetch(one.body.url)).arrayBuffer()));
    expect(onePdf.pages.join('\n')).toContain('Rewritten heading');
    expect(onePdf.pages.join('\n')).not.toContain('Only in the request.');

    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf?only=true&page=missing`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf?only=true`)).status).toBe(400);
    const outsider = server.userToken('pdf-outsider@example.com');
    expect((await server.as(outsider.token).get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf`)).status).toBe(404);
  });
});
