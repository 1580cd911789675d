import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { publisher, uniqueName } from './fixtures';

const server = useTestServer();

/** A public site integration, installed on a customer organization that has one site. */
async function installedOnOrganization(target = 'site') {
  const { org: vendor, publish } = await publisher(server, 'Vendor');
  const name = uniqueName('site');
  expect((await publish(name, { visibility: 'public', target, scopes: ['site:script:inject'] })).status).toBe(200);
  const customer = await newOrganization(server, 'Customer');
  const base = `/v1/integrations/${name}/installations`;
  const installation = (await server.api.post(base, { organization: customer.id })).body;
  const site = (await server.api.post(`/v1/orgs/${customer.id}/sites`, { title: 'Docs' })).body;
  return { vendor, customer, name, base, installation, site, sites: `${base}/${installation.id}/sites` };
}

describe('integrations installed on a site', () => {
  it('installs on a site (201, Location), reads, updates and uninstalls it', async () => {
    const { name, installation, site, sites, customer } = await installedOnOrganization();
    const created = await server.api.post(sites, { siteId: site.id });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.url}${sites}/${site.id}`);
    expect(created.body).toMatchObject({ integration: name, installation: installation.id, status: 'active', site: site.id, configuration: {}, externalIds: [] });
    expect((await server.api.post(sites, { siteId: site.id })).status).toBe(409);

    const extended = await server.api.get(`${sites}/${site.id}?extended=true`);
    expect(extended.body.site).toMatchObject({ object: 'site', id: site.id });
    const patched = await server.api.patch(`${sites}/${site.id}`, { configuration: { theme: 'dark' }, externalIds: ['acct-1'] });
    expect(patched.body).toMatchObject({ configuration: { theme: 'dark' }, externalIds: ['acct-1'] });
    expect((await server.api.get(sites)).body).toMatchObject({ count: 1, items: [{ site: site.id, configuration: { theme: 'dark' } }] });
    expect((await server.api.get(`/v1/integrations/${name}/sites?externalId=acct-1`)).body.count).toBe(1);
    expect((await server.api.get(`/v1/orgs/${customer.id}/sites/${site.id}/integrations`)).body.items.map((i: { name: string }) => i.name)).toEqual([name]);
    expect((await server.api.get(`/v1/orgs/${customer.id}/sites/${site.id}/integration-scripts`)).body.length).toBe(1);

    expect((await server.api.delete(`${sites}/${site.id}`)).status).toBe(204);
    expect((await server.api.get(`${sites}/${site.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${customer.id}/sites/${site.id}/integrations`)).body.items).toEqual([]);
  });

  it('refuses a site of another organization, an integration not made for sites, and a missing siteId (400)', async () => {
    const { sites, vendor } = await installedOnOrganization();
    const foreign = (await server.api.post(`/v1/orgs/${vendor.id}/sites`, { title: 'Vendor site' })).body;
    const refused = await server.api.post(sites, { siteId: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^siteId:/);
    expect((await server.api.post(sites, {})).body.error.message).toMatch(/^siteId/);
    const spaceOnly = await installedOnOrganization('space');
    const wrongTarget = await server.api.post(spaceOnly.sites, { siteId: spaceOnly.site.id });
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.body.error.message).toMatch(/spaces only/);
  });

  it("needs the site's admin role (403) and records installs in the audit log", async () => {
    const { sites, site, customer } = await installedOnOrganization();
    const editor = await customer.member('edit');
    expect((await editor.api.post(sites, { siteId: site.id })).status).toBe(403);
    await server.api.post(sites, { siteId: site.id });
    expect((await editor.api.patch(`${sites}/${site.id}`, { configuration: {} })).status).toBe(403);
    expect((await editor.api.delete(`${sites}/${site.id}`)).status).toBe(403);
    const audit = await server.api.get(`/v1/orgs/${customer.id}/audit-events?action=integration.installed&target=${site.id}`);
    expect(audit.body.items).toHaveLength(1);
  });
});

describe('where integrations are installed', () => {
  it('lists the organization installations, their status and their targets', async () => {
    const { name, base, installation, site, sites, customer } = await installedOnOrganization('all');
    const space = (await server.api.post(`/v1/orgs/${customer.id}/spaces`, { title: 'Space' })).body;
    await server.api.post(`${base}/${installation.id}/spaces`, { space: space.id });
    await server.api.post(sites, { siteId: site.id });

    const installations = await server.api.get(`/v1/orgs/${customer.id}/installations`);
    expect(installations.body).toMatchObject({ count: 1, items: [{ installation: { id: installation.id }, integration: { name } }] });
    expect((await server.api.get(`/v1/orgs/${customer.id}/installations?search=no-such-thing`)).body.count).toBe(0);

    const status = await server.api.get(`/v1/orgs/${customer.id}/integrations/${name}/installation_status`);
    expect(status.body).toEqual({ status: 'active' });

    const all = await server.api.get(`/v1/orgs/${customer.id}/integrations/installations-status`);
    expect(all.body.items.map((i: { target: unknown }) => i.target)).toEqual([
      { type: 'organization', organizationId: customer.id },
      { type: 'space', spaceId: space.id },
      { type: 'site', siteId: site.id },
    ]);
    const sitesOnly = await server.api.get(`/v1/orgs/${customer.id}/integrations/installations-status?target=site`);
    expect(sitesOnly.body.items).toHaveLength(1);
    const oneSpace = await server.api.get(`/v1/orgs/${customer.id}/integrations/installations-status?space=${space.id}`);
    expect(oneSpace.body.items.map((i: { target: unknown }) => i.target)).toEqual([{ type: 'space', spaceId: space.id }]);
    expect((await server.api.get(`/v1/integrations/${name}/spaces`)).body.items.map((i: { space: string }) => i.space)).toEqual([space.id]);
  });

  it('answers 404 for an integration not installed, 403 for guests, 400 for a bad target', async () => {
    const { name, customer } = await installedOnOrganization();
    const elsewhere = await newOrganization(server, 'Nothing installed');
    expect((await server.api.get(`/v1/orgs/${elsewhere.id}/integrations/${name}/installation_status`)).status).toBe(404);
    const guest = await customer.member(null, 'guest');
    expect((await guest.api.get(`/v1/orgs/${customer.id}/installations`)).status).toBe(403);
    expect((await server.api.get(`/v1/orgs/${customer.id}/integrations/installations-status?target=planet`)).status).toBe(400);
  });
});
