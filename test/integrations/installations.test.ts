import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { publisher, uniqueName } from './fixtures';

const server = useTestServer();

/** A public integration published by one organization, and another organization (owned by the same owner) to install it in. */
async function setup(extra: Record<string, unknown> = {}) {
  const { org: owner, publish } = await publisher(server, 'Vendor');
  const name = uniqueName('inst');
  const published = await publish(name, { visibility: 'public', ...extra });
  expect(published.status).toBe(200);
  const customer = await newOrganization(server, 'Customer');
  const base = `/v1/integrations/${name}/installations`;
  return { owner, customer, name, base, publish };
}

describe('installing integrations on organizations', () => {
  it('installs on an organization (201, Location), once', async () => {
    const { customer, base } = await setup();
    const res = await server.api.post(base, { organization: customer.id });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.url}${base}/${res.body.id}`);
    expect(res.body).toMatchObject({
      status: 'active',
      space_selection: 'selected',
      site_selection: 'selected',
      spaces: 0,
      configuration: {},
      externalIds: [],
      target: { organization: customer.id },
    });
    expect((await server.api.get(`${base}/${res.body.id}`)).body).toEqual(res.body);
    const again = await server.api.post(base, { organization: customer.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^organization: .*already installed/);
  });

  it('needs the admin role in the organization installed on (403), and its membership (404)', async () => {
    const { customer, base, name } = await setup();
    const editor = await customer.member('edit');
    const refused = await editor.api.post(base, { organization: customer.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/"admin" role/);
    const outsider = server.as(server.userToken('outsider-install@example.com').token);
    expect((await outsider.post(base, { organization: customer.id })).status).toBe(404);
    expect((await server.api.post(`/v1/integrations/${name}-missing/installations`, { organization: customer.id })).status).toBe(404);
    expect((await server.api.post(base, {})).body.error.message).toMatch(/^organization:/);
  });

  it('installs a private integration only in the organization that published it', async () => {
    const { owner, customer, base } = await setup({ visibility: 'private' });
    const elsewhere = await server.api.post(base, { organization: customer.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toMatch(/^organization: .*private/);
    expect((await server.api.post(base, { organization: owner.id })).status).toBe(201);
  });

  it('lists installations with the externalId filter, page by page', async () => {
    const { base } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const org = await newOrganization(server, `Customer ${i}`);
      ids.push((await server.api.post(base, { organization: org.id })).body.id);
    }
    const patched = await server.api.patch(`${base}/${ids[1]}`, { externalIds: ['acct-42', 'acct-43'], configuration: { region: 'eu' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ externalIds: ['acct-42', 'acct-43'], configuration: { region: 'eu' } });
    const filtered = await server.api.get(`${base}?externalId=acct-43`);
    expect(filtered.body).toMatchObject({ count: 1, items: [{ id: ids[1] }] });
    expect((await server.api.get(`${base}?externalId=acct-4`)).body.count).toBe(0);
    const first = await server.api.get(`${base}?limit=2`);
    expect(first.body.items.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 2));
    expect(first.body.count).toBe(3);
    const rest = await server.api.get(`${base}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(rest.body.items.map((i: { id: string }) => i.id)).toEqual(ids.slice(2));
    expect((await server.api.patch(`${base}/${ids[0]}`, { externalIds: ['1', '2', '3', '4', '5', '6'] })).body.error.message).toMatch(/^externalIds:/);
  });

  it("shows installations to the integration's admins and to members of the organization installed on only", async () => {
    const { customer, base, owner } = await setup();
    const installation = (await server.api.post(base, { organization: customer.id })).body;
    const customerReader = await customer.member('read');
    expect((await customerReader.api.get(base)).body.items.map((i: { id: string }) => i.id)).toEqual([installation.id]);
    expect((await customerReader.api.get(`${base}/${installation.id}`)).status).toBe(200);
    const vendorReader = await owner.member('read');
    expect((await vendorReader.api.get(base)).body).toEqual({ items: [], count: 0 });
    expect((await vendorReader.api.get(`${base}/${installation.id}`)).status).toBe(404);
    const patch = await customerReader.api.patch(`${base}/${installation.id}`, { configuration: {} });
    expect(patch.status).toBe(403);
    expect((await customerReader.api.delete(`${base}/${installation.id}`)).status).toBe(403);
  });

  it('uninstalls (204), and the installation and its spaces go', async () => {
    const { customer, base, name } = await setup();
    const installation = (await server.api.post(base, { organization: customer.id })).body;
    const space = (await server.api.post(`/v1/orgs/${customer.id}/spaces`, { title: 'Docs' })).body;
    await server.api.post(`${base}/${installation.id}/spaces`, { space: space.id });
    expect((await server.api.delete(`${base}/${installation.id}`)).status).toBe(204);
    expect((await server.api.get(`${base}/${installation.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${space.id}/integrations`)).body.count).toBe(0);
    expect((await server.api.delete(`${base}/${installation.id}`)).status).toBe(404);
    expect((await server.api.post(base, { organization: customer.id })).status).toBe(201);
    void name;
  });

  it('unpublishing removes every installation of the integration', async () => {
    const { customer, base, name, publish } = await setup();
    await server.api.post(base, { organization: customer.id });
    expect((await server.api.delete(`/v1/integrations/${name}`)).status).toBe(204);
    await publish(name, { visibility: 'public' });
    expect((await server.api.get(base)).body).toEqual({ items: [], count: 0 });
  });
});

describe('integrations in spaces and sites', () => {
  const scriptIntegration = {
    scopes: ['space:script:inject', 'space:script:cookies', 'site:script:inject'],
    contentSecurityPolicy: "script-src 'self'",
    blocks: [{ id: 'chart', title: 'Chart' }],
  };

  async function installedOnSpace(extra: Record<string, unknown> = scriptIntegration) {
    const context = await setup(extra);
    const installation = (await server.api.post(context.base, { organization: context.customer.id })).body;
    const space = (await server.api.post(`/v1/orgs/${context.customer.id}/spaces`, { title: 'Docs' })).body;
    const spaces = `${context.base}/${installation.id}/spaces`;
    return { ...context, installation, space, spaces };
  }

  it('installs on a space (201, Location) and the space lists it, its blocks and its script', async () => {
    const { name, space, spaces, base, installation } = await installedOnSpace();
    expect((await server.api.get(`/v1/spaces/${space.id}/integrations`)).body).toEqual({ items: [], count: 0 });
    const res = await server.api.post(spaces, { space: space.id });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.url}${spaces}/${space.id}`);
    expect(res.body).toMatchObject({ integration: name, installation: installation.id, status: 'active', space: space.id, externalIds: [] });
    expect((await server.api.post(spaces, { space: space.id })).status).toBe(409);

    const listed = await server.api.get(`/v1/spaces/${space.id}/integrations`);
    expect(listed.body.items.map((i: { name: string }) => i.name)).toEqual([name]);
    expect((await server.api.get(`/v1/spaces/${space.id}/integrations?search=${name}`)).body.count).toBe(1);
    expect((await server.api.get(`/v1/spaces/${space.id}/integrations?search=nothing-like-it`)).body.count).toBe(0);
    expect((await server.api.get(`/v1/spaces/${space.id}/integration-blocks`)).body).toEqual([{ name, blocks: [{ id: 'chart', title: 'Chart' }] }]);
    const scripts = (await server.api.get(`/v1/spaces/${space.id}/integration-scripts`)).body;
    expect(scripts).toEqual([{ script: `${server.url}/integrations/${name}/1/script.js`, contentSecurityPolicy: "script-src 'self'", cookies: true }]);
    const served = await fetch(scripts[0].script);
    expect(served.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect((await server.api.get(`${base}/${installation.id}`)).body.spaces).toBe(1);
  });

  it('lists the spaces of an installation, with the spaces themselves when extended', async () => {
    const { space, spaces } = await installedOnSpace();
    await server.api.post(spaces, { space: space.id });
    expect((await server.api.get(spaces)).body).toMatchObject({ count: 1, items: [{ space: space.id }] });
    const extended = (await server.api.get(`${spaces}?extended=true`)).body;
    expect(extended.items[0].space).toMatchObject({ object: 'space', id: space.id, title: 'Docs' });
    const one = await server.api.get(`${spaces}/${space.id}`);
    expect(one.body.space).toBe(space.id);
    const patched = await server.api.patch(`${spaces}/${space.id}`, { externalIds: ['page-1'] });
    expect(patched.body.externalIds).toEqual(['page-1']);
    expect((await server.api.delete(`${spaces}/${space.id}`)).status).toBe(204);
    expect((await server.api.get(`${spaces}/${space.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${space.id}/integration-scripts`)).body).toEqual([]);
  });

  it('enables the integration in every space of the organization when space_selection is all', async () => {
    const { base, installation, space, name, customer } = await installedOnSpace();
    const other = (await server.api.post(`/v1/orgs/${customer.id}/spaces`, { title: 'Other' })).body;
    await server.api.patch(`${base}/${installation.id}`, { space_selection: 'all' });
    for (const id of [space.id, other.id]) {
      expect((await server.api.get(`/v1/spaces/${id}/integrations`)).body.items.map((i: { name: string }) => i.name)).toEqual([name]);
    }
    expect((await server.api.get(`${base}/${installation.id}`)).body.spaces).toBe(2);
  });

  it('needs the admin role on the space (403), a space of the installing organization, and an integration made for spaces', async () => {
    const { space, spaces, customer } = await installedOnSpace();
    const editor = await customer.member('edit');
    const refused = await editor.api.post(spaces, { space: space.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/"admin" role on this space/);
    const foreign = (await server.api.post(`/v1/orgs/${(await newOrganization(server)).id}/spaces`, {})).body;
    const wrongOrg = await server.api.post(spaces, { space: foreign.id });
    expect(wrongOrg.status).toBe(400);
    expect(wrongOrg.body.error.message).toMatch(/^space:/);
    expect((await server.api.post(spaces, { space: 'missing' })).status).toBe(404);

    const siteOnly = await installedOnSpace({ target: 'site', scopes: [] });
    const notForSpaces = await server.api.post(siteOnly.spaces, { space: siteOnly.space.id });
    expect(notForSpaces.status).toBe(400);
    expect(notForSpaces.body.error.message).toMatch(/^space: .* installs on sites only/);
  });

  it('answers 404 for the blocks of a missing space and 400 for a bad scripts request', async () => {
    const { space } = await installedOnSpace();
    const missing = await server.api.get('/v1/spaces/missing/integration-blocks');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(404);
    const bad = await server.api.get(`/v1/spaces/${space.id}/integration-scripts?unexpected=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/unexpected/);
    const outsider = server.as(server.userToken('outsider-spaces@example.com').token);
    expect((await outsider.get(`/v1/spaces/${space.id}/integration-scripts`)).status).toBe(404);
    expect((await outsider.get(`/v1/spaces/${space.id}/integrations`)).status).toBe(404);
  });

  it("lists a site's scripts once the installation covers all sites", async () => {
    const { base, installation, customer, name } = await installedOnSpace();
    const site = (await server.api.post(`/v1/orgs/${customer.id}/sites`, { title: 'Docs site' })).body;
    const url = `/v1/orgs/${customer.id}/sites/${site.id}/integration-scripts`;
    expect((await server.api.get(url)).body).toEqual([]);
    await server.api.patch(`${base}/${installation.id}`, { site_selection: 'all' });
    // site:script:inject without site:script:cookies: no cookies.
    expect((await server.api.get(url)).body).toEqual([{ script: `${server.url}/integrations/${name}/1/script.js`, contentSecurityPolicy: "script-src 'self'", cookies: false }]);
    expect((await server.api.get(`${url}?x=1`)).status).toBe(400);
    expect((await server.api.get(`/v1/orgs/${customer.id}/sites/missing/integration-scripts`)).status).toBe(404);
  });
});
