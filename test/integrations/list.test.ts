import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { publisher, uniqueName } from './fixtures';

const server = useTestServer();

/** Four public integrations of one organization, each made to match some filters and not others. */
async function catalogue() {
  const { org, publish } = await publisher(server, 'Catalogue');
  const tag = uniqueName('cat');
  const names = { charts: `${tag}-charts`, git: `${tag}-git`, tracker: `${tag}-tracker`, plain: `${tag}-plain` };
  await publish(names.charts, {
    visibility: 'public',
    title: 'Chart embeds',
    categories: ['content'],
    target: 'space',
    blocks: [{ id: 'chart', title: 'Chart', urlUnfurl: ['https://*.charts.example.com/embed/*', 'https://other.test/x'] }],
  });
  await publish(names.git, {
    visibility: 'public',
    title: 'Git sync',
    categories: ['gitsync'],
    scopes: ['space:git:sync'],
    target: 'space',
    contentSources: [{ id: 'repo', title: 'Repository', configuration: { componentId: 'repo' } }],
  });
  await publish(names.tracker, { visibility: 'public', title: 'Tracker', categories: ['analytics'], scopes: ['site:script:inject'], target: 'site' });
  await publish(names.plain, { visibility: 'public', title: 'Plain', target: 'all' });
  const list = async (filters: string) => {
    const res = await server.api.get(`/v1/integrations?owner=${org.id}${filters}`);
    expect(res.status, filters).toBe(200);
    return (res.body.items as Array<{ name: string }>).map((i) => i.name);
  };
  return { org, names, list };
}

describe('listing integrations', () => {
  it('filters by owner, and lists by name', async () => {
    const { names, list } = await catalogue();
    expect(await list('')).toEqual([names.charts, names.git, names.plain, names.tracker]);
  });

  it('filters by search (name or title), category and scope', async () => {
    const { names, list } = await catalogue();
    expect(await list('&search=tracker')).toEqual([names.tracker]);
    expect(await list('&search=CHART%20EMB')).toEqual([names.charts]);
    expect(await list('&search=50%25')).toEqual([]);
    expect(await list('&category=gitsync')).toEqual([names.git]);
    expect(await list('&category=analytics')).toEqual([names.tracker]);
    expect(await list('&scope=site:script:inject')).toEqual([names.tracker]);
    expect(await list('&scope=openapi:read')).toEqual([]);
  });

  it('filters by blocks, content sources and block domain', async () => {
    const { names, list } = await catalogue();
    expect(await list('&blocks=true')).toEqual([names.charts]);
    expect(await list('&blocks=false')).toEqual([names.git, names.plain, names.tracker]);
    expect(await list('&contentSources=true')).toEqual([names.git]);
    expect(await list('&contentSources=false')).toEqual([names.charts, names.plain, names.tracker]);
    expect(await list('&blockDomain=charts.example.com')).toEqual([names.charts]);
    expect(await list('&blockDomain=example.com')).toEqual([names.charts]);
    expect(await list('&blockDomain=other.test')).toEqual([names.charts]);
    expect(await list('&blockDomain=ample.com')).toEqual([]);
  });

  it('filters by target: integrations for every target install on each', async () => {
    const { names, list } = await catalogue();
    expect(await list('&target=space')).toEqual([names.charts, names.git, names.plain]);
    expect(await list('&target=site')).toEqual([names.plain, names.tracker]);
    expect(await list('&target=all')).toEqual([names.plain]);
  });

  it('pages with limit and page, counting every match', async () => {
    const { org, list } = await catalogue();
    const first = await server.api.get(`/v1/integrations?owner=${org.id}&limit=3`);
    expect(first.body.count).toBe(4);
    expect(first.body.items).toHaveLength(3);
    const rest = await server.api.get(`/v1/integrations?owner=${org.id}&limit=3&page=${encodeURIComponent(first.body.next.page)}`);
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.next).toBeUndefined();
    expect(await list('&limit=1000')).toHaveLength(4);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['category=games', /^category:/],
      ['scope=all', /^scope:/],
      ['target=page', /^target:/],
      ['blocks=yes', /^blocks:/],
      ['contentSources=1', /^contentSources:/],
      [`blockDomain=${'a'.repeat(101)}`, /^blockDomain:/],
      ['blockDomain=a%2Fb', /^blockDomain:/],
      ['limit=1001', /^limit:/],
      ['page=forged', /^page:/],
      ['unknown=1', /unknown/],
    ];
    for (const [query, message] of cases) {
      const res = await server.api.get(`/v1/integrations?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(message);
    }
    expect((await server.api.get(`/v1/integrations?blockDomain=${'a'.repeat(100)}`)).status).toBe(200);
  });

  it("lists only public integrations and the caller's organizations' own", async () => {
    const mine = await publisher(server, 'Mine');
    const theirs = await publisher(server, 'Theirs');
    const tag = uniqueName('vis');
    await theirs.publish(`${tag}-public`, { visibility: 'public' });
    await theirs.publish(`${tag}-private`, { visibility: 'private' });
    await theirs.publish(`${tag}-unlisted`, { visibility: 'unlisted' });
    await mine.publish(`${tag}-mine`, { visibility: 'private' });
    const member = await mine.org.member('read');
    const seen = (await member.api.get(`/v1/integrations?search=${tag}`)).body.items.map((i: { name: string }) => i.name);
    expect(seen).toEqual([`${tag}-mine`, `${tag}-public`]);
    const guest = await mine.org.member(null, 'guest');
    expect((await guest.api.get(`/v1/integrations?search=${tag}`)).body.items.map((i: { name: string }) => i.name)).toEqual([`${tag}-public`]);
  });

  it("lists an organization's integrations: public ones and its own (GET /v1/orgs/{id}/integrations)", async () => {
    const mine = await publisher(server, 'Org list');
    const theirs = await publisher(server, 'Other');
    const tag = uniqueName('orgl');
    await mine.publish(`${tag}-own`, { visibility: 'private' });
    await theirs.publish(`${tag}-public`, { visibility: 'public' });
    await theirs.publish(`${tag}-private`, { visibility: 'private' });
    const res = await server.api.get(`/v1/orgs/${mine.org.id}/integrations?search=${tag}`);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual([`${tag}-own`, `${tag}-public`]);
    const outsider = server.as(server.userToken('outsider-orglist@example.com').token);
    expect((await outsider.get(`/v1/orgs/${mine.org.id}/integrations`)).status).toBe(404);
  });
});
