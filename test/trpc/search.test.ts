import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function twoSpaces() {
  const org = await newOrganization(server);
  const space = async (title: string) => (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id as string;
  const guides = await space('Guides');
  const api = await space('API');
  createPage(owner, guides, { title: 'Install', markdown: 'Start here.\n\n## On Linux\n\nRun the installer with sudo.\n' });
  createPage(owner, api, { title: 'Tokens', markdown: '## Rotating\n\nThe installer never prints tokens.\n' });
  return { org, guides, api };
}

describe('search procedures', () => {
  it('search an organization as /v1 does: spaces, pages and sections with their anchors', async () => {
    const { org, guides } = await twoSpaces();
    const trpc = trpcClient(server.url, server.owner.token);
    const result = await trpc.search.searchOrganization.query({ organizationId: org.id, query: 'installer' });
    expect(result).toEqual((await server.api.get(`/v1/orgs/${org.id}/search?query=installer`)).body);
    expect(result.items.map((s) => s.title).sort()).toEqual(['API', 'Guides']);
    const linux = result.items.find((s) => s.id === guides)!.pages[0]!.sections[0]!;
    expect(linux).toMatchObject({ title: 'On Linux', path: 'install#on-linux', body: 'Run the installer with sudo.' });
    const limited = await trpc.search.searchOrganization.query({ organizationId: org.id, query: 'installer', limit: 1 });
    expect(limited).toEqual((await server.api.get(`/v1/orgs/${org.id}/search?query=installer&limit=1`)).body);
  });

  it('search one space as /v1 does, the last word as a prefix', async () => {
    const { api } = await twoSpaces();
    const trpc = trpcClient(server.url, server.owner.token);
    const result = await trpc.search.searchSpace.query({ spaceId: api, query: 'rotat' });
    expect(result).toEqual((await server.api.get(`/v1/spaces/${api}/search?query=rotat`)).body);
    expect(result.items.map((p) => p.title)).toEqual(['Tokens']);
  });

  it('refuse an empty query by name, and hide organizations the caller is not in', async () => {
    const { org } = await twoSpaces();
    const trpc = trpcClient(server.url, server.owner.token);
    const empty = await trpcError(trpc.search.searchOrganization.query({ organizationId: org.id, query: '  ' }));
    expect(empty.code).toBe('BAD_REQUEST');
    expect(empty.message).toMatch(/^query/);
    const stranger = trpcClient(server.url, server.userToken('stranger-search@example.com').token);
    expect((await trpcError(stranger.search.searchOrganization.query({ organizationId: org.id, query: 'installer' }))).code).toBe('NOT_FOUND');
  });
});
