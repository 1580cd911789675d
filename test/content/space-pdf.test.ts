import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
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
  return { org, spaceId: (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Handbook' })).body.id as string };
}

describe("a space's PDF", () => {
  it('is a temporary link that serves the main content as a PDF without a token', async () => {
    const { spaceId } = await newSpace();
    createPage(owner, spaceId, { title: 'Welcome', markdown: 'Hello printed world.' });
    const res = await server.api.get(`/v1/spaces/${spaceId}/pdf`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url as string);
    expect(url.pathname).toMatch(/^\/pdf\/.+\/Handbook\.pdf$/);
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('prints one page with only=true, and refuses what names no page', async () => {
    const { spaceId } = await newSpace();
    const { pageId } = createPage(owner, spaceId, { title: 'Single', markdown: 'Just this.' });
    const one = await server.api.get(`/v1/spaces/${spaceId}/pdf?only=true&page=${pageId}`);
    expect(new URL(one.body.url).searchParams.get('page')).toBe(pageId);
    expect((await fetch(one.body.url)).status).toBe(200);
    expect((await server.api.get(`/v1/spaces/${spaceId}/pdf?only=true`)).status).toBe(400);
    expect((await server.api.get(`/v1/spaces/${spaceId}/pdf?only=yes`)).status).toBe(400);
    expect((await server.api.get(`/v1/spaces/${spaceId}/pdf?page=nope`)).status).toBe(404);
    const outsider = await newOrganization(server);
    const stranger = await outsider.member('admin');
    expect((await stranger.api.get(`/v1/spaces/${spaceId}/pdf`)).status).toBe(404);
  });
});
