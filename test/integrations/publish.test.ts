import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { GIF, minimalPublication, PNG, publisher, uniqueName } from './fixtures';

const server = useTestServer();

const everyField = (organization: string) => ({
  runtime: 'v2',
  icon: PNG,
  title: 'Analytics kit',
  description: 'Counts page views',
  summary: '# Analytics\n\nCounts **page views**.',
  previewImages: [PNG, GIF],
  visibility: 'public',
  target: 'space',
  scopes: ['space:script:inject', 'space:script:cookies'],
  categories: ['analytics', 'marketing'],
  blocks: [{ id: 'chart', title: 'Chart', description: 'A chart', urlUnfurl: ['https://charts.example.com/*'], markdown: { codeblock: 'chart', body: 'data' } }],
  contentSources: [{ id: 'rows', title: 'Rows', configuration: { componentId: 'configure' } }],
  externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
  configurations: {
    account: { properties: { key: { type: 'string', title: 'API key' }, debug: { type: 'boolean', default: false } }, required: ['key'] },
    space: { componentId: 'space-config' },
  },
  script: 'export default { fetch() { return new Response("ok"); } };',
  organization,
  secrets: { API_TOKEN: 'very secret' },
  contentSecurityPolicy: "script-src 'self' https://cdn.example.com",
});

describe('publishing integrations', () => {
  it('publishes every field (200) and answers the same integration by name, never its secrets', async () => {
    const { org } = await publisher(server);
    const name = uniqueName('analytics');
    const published = await server.api.post(`/v1/integrations/${name}`, everyField(org.id));
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      object: 'integration',
      name,
      version: 1,
      runtime: 'v2',
      title: 'Analytics kit',
      description: 'Counts page views',
      summary: '# Analytics\n\nCounts **page views**.',
      target: 'space',
      verified: false,
      visibility: 'public',
      // 0.137.0's script scopes are kept (and work: see installations.test.ts) but not echoed, as GitBook retired them.
      scopes: [],
      categories: ['analytics', 'marketing'],
      blocks: everyField(org.id).blocks,
      contentSources: everyField(org.id).contentSources,
      externalLinks: everyField(org.id).externalLinks,
      configurations: everyField(org.id).configurations,
      owner: { object: 'organization', id: org.id },
      permissions: { admin: true, install: true },
      contentSecurityPolicy: "script-src 'self' https://cdn.example.com",
      urls: { location: `${server.url}/v1/integrations/${name}` },
    });
    expect(JSON.stringify(published.body)).not.toContain('very secret');
    expect(JSON.stringify(published.body)).not.toContain('API_TOKEN');
    expect((await server.api.get(`/v1/integrations/${name}`)).body).toEqual(published.body);
  });

  it('stores the icon and preview images as files served by URL', async () => {
    const { org } = await publisher(server);
    const name = uniqueName();
    const body = (await server.api.post(`/v1/integrations/${name}`, everyField(org.id))).body;
    expect(body.previewImages).toHaveLength(2);
    const [png, gif] = await Promise.all(body.previewImages.map((url: string) => fetch(url)));
    expect(png!.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png!.arrayBuffer()).toString('base64')).toBe(PNG);
    expect(gif!.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await gif!.arrayBuffer()).toString('base64')).toBe(GIF);
    const icon = await fetch(body.urls.icon);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect((await fetch(`${body.urls.assets}${'0'.repeat(64)}`)).status).toBe(404);
  });

  it('serves the script at a versioned URL with the integration policy as Content-Security-Policy', async () => {
    const { org, publish } = await publisher(server);
    const name = uniqueName();
    await publish(name, { scopes: ['space:script:inject'], contentSecurityPolicy: { 'script-src': "'self'", 'img-src': '*' } });
    const script = await fetch(`${server.url}/integrations/${name}/1/script.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-security-policy')).toBe("script-src 'self'; img-src *");
    expect(await script.text()).toBe('export default {};');

    await server.api.post(`/v1/integrations/${name}`, minimalPublication(org.id, { script: 'console.log(2)', contentSecurityPolicy: null }));
    expect((await fetch(`${server.url}/integrations/${name}/1/script.js`)).status).toBe(404);
    const second = await fetch(`${server.url}/integrations/${name}/2/script.js`);
    expect(await second.text()).toBe('console.log(2)');
    expect(second.headers.get('content-security-policy')).toBeNull();
  });

  it('publishing the name again updates it and bumps its version; left-out fields take their defaults', async () => {
    const { publish } = await publisher(server);
    const name = uniqueName();
    const first = (await publish(name, { visibility: 'unlisted', target: 'site', categories: ['content'] })).body;
    expect(first).toMatchObject({ version: 1, visibility: 'unlisted', target: 'site', runtime: 'v1' });
    const second = (await publish(name, { title: 'Renamed' })).body;
    expect(second).toMatchObject({ version: 2, title: 'Renamed', visibility: 'unlisted', target: 'all', categories: [] });
  });

  it('accepts the organization by its subdomain', async () => {
    const org = await newOrganization(server, 'Subdomain org');
    const hostname = `pub-${Date.now().toString(36)}`;
    expect((await server.api.patch(`/v1/orgs/${org.id}`, { hostname })).status).toBe(200);
    const name = uniqueName();
    const res = await server.api.post(`/v1/integrations/${name}`, minimalPublication(hostname));
    expect(res.status).toBe(200);
    expect(res.body.owner.id).toBe(org.id);
  });

  it('keeps a name with the organization that published it first (409 for another one)', async () => {
    const first = await publisher(server, 'First');
    const second = await publisher(server, 'Second');
    const name = uniqueName();
    await first.publish(name, { visibility: 'public' });
    const taken = await second.publish(name, { title: 'Squatter' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/^integrationName: .* another organization/);
    expect((await server.api.get(`/v1/integrations/${name}`)).body).toMatchObject({ version: 1, title: 'My integration', owner: { id: first.org.id } });
  });

  it('refuses each value one past its limit with a 400 naming the field, and stores nothing', async () => {
    const { org } = await publisher(server);
    const over = (field: string, value: unknown) => ({ ...minimalPublication(org.id), [field]: value });
    const without = (field: string) => Object.fromEntries(Object.entries(minimalPublication(org.id)).filter(([k]) => k !== field));
    const cases: Array<[string, unknown, RegExp]> = [
      ['title', over('title', 'x'), /^title:/],
      ['title', over('title', 'x'.repeat(31)), /^title:/],
      ['description', over('description', 'x'.repeat(101)), /^description:/],
      ['summary', over('summary', 'x'.repeat(2049)), /^summary:/],
      ['previewImages', over('previewImages', [PNG, PNG, PNG, PNG]), /^previewImages:/],
      ['previewImages', over('previewImages', ['bm90IGFuIGltYWdl']), /^previewImages\.0: must be a PNG/],
      ['icon', over('icon', 'not base64!'), /^icon:/],
      ['icon', over('icon', 'bm90IGFuIGltYWdl'), /^icon: must be a PNG/],
      ['icon', over('icon', 'A'.repeat((Math.ceil((512 * 1024) / 3) + 1) * 4)), /^icon:/],
      ['script', without('script'), /^script:/],
      ['script', over('script', 'x'.repeat(512 * 1024 + 1)), /^script:/],
      ['script', over('script', 'é'.repeat(256 * 1024 + 1)), /^script: must be at most/],
      ['organization', without('organization'), /^organization:/],
      ['title', without('title'), /^title:/],
      ['description', without('description'), /^description:/],
      ['scopes', without('scopes'), /^scopes:/],
      ['scopes', over('scopes', ['space:everything']), /^scopes\.0:/],
      ['categories', over('categories', ['games']), /^categories\.0:/],
      ['visibility', over('visibility', 'secret'), /^visibility:/],
      ['target', over('target', 'page'), /^target:/],
      ['runtime', over('runtime', 'v3'), /^runtime:/],
      ['externalLinks', over('externalLinks', Array.from({ length: 6 }, (_, i) => ({ url: `https://e.com/${i}`, label: 'L' }))), /^externalLinks:/],
      ['externalLinks', over('externalLinks', [{ url: 'not a url', label: 'L' }]), /^externalLinks\.0\.url:/],
      ['blocks', over('blocks', [{ id: 'b', title: 'x'.repeat(41) }]), /^blocks\.0\.title:/],
      ['blocks', over('blocks', [{ id: 'b', title: 'Block', description: 'x'.repeat(151) }]), /^blocks\.0\.description:/],
      ['contentSources', over('contentSources', [{ id: 's', title: 'Source' }]), /^contentSources\.0\.configuration:/],
      ['configurations', over('configurations', { account: { properties: { k: { type: 'date' } } } }), /^configurations\.account/],
      ['secrets', over('secrets', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`S${i}`, 'v']))), /^secrets:/],
      ['contentSecurityPolicy', over('contentSecurityPolicy', "default-src 'self'\r\nX-Injected: 1"), /^contentSecurityPolicy/],
      ['unknown', over('unknown', 1), /unknown/],
    ];
    const name = uniqueName();
    for (const [field, body, message] of cases) {
      const res = await server.api.post(`/v1/integrations/${name}`, body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.message, field).toMatch(message);
    }
    expect((await server.api.get(`/v1/integrations/${name}`)).status).toBe(404);

    const longName = await server.api.post(`/v1/integrations/${'n'.repeat(101)}`, minimalPublication(org.id));
    expect(longName.status).toBe(400);
    expect(longName.body.error.message).toMatch(/^integrationName:/);
    const badName = await server.api.post(`/v1/integrations/${encodeURIComponent('no spaces')}`, minimalPublication(org.id));
    expect(badName.status).toBe(400);
    expect(badName.body.error.message).toMatch(/^integrationName:/);
    expect((await server.api.post(`/v1/integrations/${'n'.repeat(100)}`, minimalPublication(org.id))).status).toBe(200);
    expect((await server.api.delete(`/v1/integrations/${'n'.repeat(100)}`)).status).toBe(204);
  });

  it('takes values at each limit', async () => {
    const { org } = await publisher(server);
    const res = await server.api.post(`/v1/integrations/${uniqueName()}`, {
      ...minimalPublication(org.id),
      title: 'x'.repeat(30),
      description: 'x'.repeat(100),
      summary: 'x'.repeat(2048),
      previewImages: [PNG, PNG, PNG],
      externalLinks: Array.from({ length: 5 }, (_, i) => ({ url: `https://e.com/${i}`, label: 'L' })),
      secrets: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`S${i}`, 'v'])),
    });
    expect(res.status).toBe(200);
    expect(res.body.previewImages).toHaveLength(3);
  });

  it('needs the admin role in the publishing organization (403), and its membership (404)', async () => {
    const { org } = await publisher(server);
    const editor = await org.member('edit');
    const refused = await editor.api.post(`/v1/integrations/${uniqueName()}`, minimalPublication(org.id));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/"admin" role/);
    const outsider = server.userToken('outsider-publish@example.com');
    expect((await server.as(outsider.token).post(`/v1/integrations/${uniqueName()}`, minimalPublication(org.id))).status).toBe(404);
    expect((await server.api.post(`/v1/integrations/${uniqueName()}`, minimalPublication('no-such-org'))).status).toBe(404);
  });

  it('unpublishes (204) for its admins only; the integration, its script and files go', async () => {
    const { org, publish } = await publisher(server);
    const name = uniqueName();
    const body = (await publish(name, { visibility: 'public', previewImages: [PNG] })).body;
    const reader = await org.member('read');
    const refused = await reader.api.delete(`/v1/integrations/${name}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/"admin" role/);
    expect((await server.api.delete(`/v1/integrations/${name}`)).status).toBe(204);
    expect((await server.api.get(`/v1/integrations/${name}`)).status).toBe(404);
    expect((await fetch(`${server.url}/integrations/${name}/1/script.js`)).status).toBe(404);
    expect((await fetch(body.previewImages[0])).status).toBe(404);
    expect((await server.api.delete(`/v1/integrations/${name}`)).status).toBe(404);
  });

  it('shows private integrations to their organization only, and unlisted ones by name only', async () => {
    const { org, publish } = await publisher(server);
    const privateName = uniqueName('private');
    const unlistedName = uniqueName('unlisted');
    await publish(privateName, { visibility: 'private' });
    await publish(unlistedName, { visibility: 'unlisted' });
    const outsider = server.as(server.userToken('outsider-visibility@example.com').token);
    expect((await outsider.get(`/v1/integrations/${privateName}`)).status).toBe(404);
    expect((await outsider.delete(`/v1/integrations/${privateName}`)).status).toBe(404);
    const unlisted = await outsider.get(`/v1/integrations/${unlistedName}`);
    expect(unlisted.status).toBe(200);
    expect(unlisted.body.permissions).toEqual({ admin: false, install: false });
    const listed = (await outsider.get(`/v1/integrations?owner=${org.id}`)).body;
    expect(listed).toEqual({ items: [], count: 0 });
    const member = await org.member('read');
    const seen = (await member.api.get(`/v1/integrations?owner=${org.id}`)).body.items.map((i: { name: string }) => i.name);
    expect(seen.sort()).toEqual([privateName, unlistedName].sort());
  });
});
