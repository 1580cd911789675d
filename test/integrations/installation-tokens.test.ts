import { describe, expect, it } from 'vitest';
import { md } from '../comments/setup';
import { manualClock } from '../support/clock';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { minimalPublication, uniqueName } from './fixtures';

const clock = manualClock();
const server = useTestServer({ clock });

/**
 * A vendor (a user of their own, no member of the customer) publishes a public integration with `scopes`; the
 * server's owner installs it on a customer organization with three spaces and two sites, and on one of each.
 */
async function installed(scopes: string[]) {
  const vendor = server.userToken(`vendor-${uniqueName()}@vendor.example`, 'Vendor admin');
  const vendorApi = server.as(vendor.token);
  const vendorOrg = (await vendorApi.post('/v1/orgs', { title: 'Vendor' })).body;
  const name = uniqueName('tokens');
  const published = await vendorApi.post(`/v1/integrations/${name}`, minimalPublication(vendorOrg.id, { title: 'Acme Sync', visibility: 'public', target: 'all', scopes }));
  expect(published.status).toBe(200);

  const customer = await newOrganization(server, 'Customer');
  const spaces = `/v1/orgs/${customer.id}/spaces`;
  const chosen = (await server.api.post(spaces, { title: 'Chosen' })).body;
  const other = (await server.api.post(spaces, { title: 'Other' })).body;
  const chosenSite = (await server.api.post(`/v1/orgs/${customer.id}/sites`, { title: 'Chosen site' })).body;
  const otherSite = (await server.api.post(`/v1/orgs/${customer.id}/sites`, { title: 'Other site' })).body;
  const base = `/v1/integrations/${name}/installations`;
  const installation = (await server.api.post(base, { organization: customer.id })).body;
  expect((await server.api.post(`${base}/${installation.id}/spaces`, { space: chosen.id })).status).toBe(201);
  expect((await server.api.post(`${base}/${installation.id}/sites`, { siteId: chosenSite.id })).status).toBe(201);
  const tokens = `${base}/${installation.id}/tokens`;
  return { vendorApi, customer, name, base, installation, chosen, other, chosenSite, otherSite, tokens };
}

async function tokenClient(setup: Awaited<ReturnType<typeof installed>>) {
  const created = await setup.vendorApi.post(setup.tokens, {});
  expect(created.status).toBe(200);
  expect(created.body).toEqual({ token: expect.stringMatching(/^folio_/) });
  return server.as(created.body.token as string);
}

describe('installation tokens', () => {
  it('act as the installation: its spaces and sites, and nothing else of the organization', async () => {
    const setup = await installed(['space:content:read', 'site:metadata:read']);
    const bot = await tokenClient(setup);

    expect((await bot.get('/v1/user')).body).toMatchObject({ object: 'user', displayName: 'Acme Sync' });
    expect((await bot.get(`/v1/spaces/${setup.chosen.id}`)).status).toBe(200);
    expect((await bot.get(`/v1/spaces/${setup.chosen.id}/content`)).status).toBe(200);
    expect((await bot.get(`/v1/spaces/${setup.other.id}`)).status).toBe(404);
    const listed = await bot.get(`/v1/orgs/${setup.customer.id}/spaces`);
    expect(listed.body.items.map((space: { id: string }) => space.id)).toEqual([setup.chosen.id]);

    expect((await bot.get(`/v1/orgs/${setup.customer.id}/sites/${setup.chosenSite.id}`)).status).toBe(200);
    expect((await bot.get(`/v1/orgs/${setup.customer.id}/sites/${setup.otherSite.id}`)).status).toBe(404);
    const sites = await bot.get(`/v1/orgs/${setup.customer.id}/sites`);
    expect(sites.body.items.map((site: { id: string }) => site.id)).toEqual([setup.chosenSite.id]);
  });

  it('read-only scopes give read only: changing the space is 403', async () => {
    const setup = await installed(['space:content:read']);
    const bot = await tokenClient(setup);
    expect((await bot.patch(`/v1/spaces/${setup.chosen.id}`, { title: 'Renamed' })).status).toBe(403);
    expect((await bot.post(`/v1/spaces/${setup.chosen.id}/comments`, { body: md('hello') })).status).toBe(403);
    expect((await server.api.get(`/v1/spaces/${setup.chosen.id}`)).body.title).toBe('Chosen');
  });

  it('write scopes let the installation edit its spaces, authored as the integration', async () => {
    const setup = await installed(['space:content:write']);
    const bot = await tokenClient(setup);
    const comment = await bot.post(`/v1/spaces/${setup.chosen.id}/comments`, { body: md('From Acme') });
    expect(comment.status).toBe(200);
    const read = await server.api.get(`/v1/spaces/${setup.chosen.id}/comments/${comment.body.id}`);
    expect(read.body.postedBy).toMatchObject({ displayName: 'Acme Sync' });
    expect((await bot.post(`/v1/spaces/${setup.chosen.id}/change-requests`, { subject: 'Sync' })).status).toBe(201);
    expect((await bot.post(`/v1/spaces/${setup.other.id}/change-requests`, { subject: 'Sync' })).status).toBe(404);
  });

  it('lose what the installation loses: a space uninstalled, the installation paused or uninstalled', async () => {
    const setup = await installed(['space:content:read']);
    const bot = await tokenClient(setup);
    expect((await server.api.delete(`${setup.base}/${setup.installation.id}/spaces/${setup.chosen.id}`)).status).toBe(204);
    expect((await bot.get(`/v1/spaces/${setup.chosen.id}`)).status).toBe(404);

    expect((await server.api.patch(`${setup.base}/${setup.installation.id}`, { space_selection: 'all' })).status).toBe(200);
    expect((await bot.get(`/v1/spaces/${setup.other.id}`)).status).toBe(200);

    expect((await server.api.delete(`${setup.base}/${setup.installation.id}`)).status).toBe(204);
    const revoked = await bot.get('/v1/user');
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe(401);
  });

  it('expire after an hour', async () => {
    const setup = await installed(['space:content:read']);
    const bot = await tokenClient(setup);
    expect((await bot.get(`/v1/spaces/${setup.chosen.id}`)).status).toBe(200);
    clock.advanceDays(1 / 24 + 1 / (24 * 60));
    expect((await bot.get(`/v1/spaces/${setup.chosen.id}`)).status).toBe(401);
    // A new token works again, and is the same principal.
    const again = await tokenClient(setup);
    expect((await again.get(`/v1/spaces/${setup.chosen.id}`)).status).toBe(200);
  });

  it('are issued only to admins of the publishing organization (403), for installations of the integration (404)', async () => {
    const setup = await installed(['space:content:read']);
    // The customer's owner installed it but did not publish it.
    const stranger = server.userToken(`stranger-${uniqueName()}@example.com`);
    expect((await server.as(stranger.token).post(setup.tokens, {})).status).toBe(403);
    const customerAdmin = await setup.customer.member('admin');
    expect((await customerAdmin.api.post(setup.tokens, {})).status).toBe(403);
    expect((await setup.vendorApi.post(`${setup.base}/no-such-installation/tokens`, {})).status).toBe(404);
    expect((await server.as(undefined).post(setup.tokens, {})).status).toBe(401);

    await setup.vendorApi.post(setup.tokens, {});
    const audit = await server.api.get(`/v1/orgs/${setup.customer.id}/audit-events?action=integration.token_created`);
    expect(audit.body.items).toHaveLength(1);
  });

  it('leave the organization\'s members, and its member-only endpoints, alone', async () => {
    const setup = await installed(['space:content:write']);
    const bot = await tokenClient(setup);
    const members = await server.api.get(`/v1/orgs/${setup.customer.id}/members`);
    expect(members.body.items.map((m: { user: { displayName: string } }) => m.user.displayName)).not.toContain('Acme Sync');
    // Elsewhere in the organization it is a guest: it gets what a guest gets.
    const guest = await setup.customer.member(null, 'guest');
    for (const [method, path, body] of [
      ['get', `/v1/orgs/${setup.customer.id}/members`],
      ['post', `/v1/orgs/${setup.customer.id}/spaces`, { title: 'Mine' }],
      ['post', `/v1/orgs/${setup.customer.id}/sites`, { title: 'Mine' }],
      ['get', `/v1/orgs/${setup.customer.id}/audit-events`],
    ] as const) {
      const asBot = await (method === 'get' ? bot.get(path) : bot.post(path, body));
      const asGuest = await (method === 'get' ? guest.api.get(path) : guest.api.post(path, body));
      expect(asBot.status, path).toBe(asGuest.status);
      expect(asBot.status, path).toBeGreaterThanOrEqual(403);
    }
    // It has no last-seen time to move, and joins nothing, even through an invite link.
    expect((await bot.post(`/v1/orgs/${setup.customer.id}/ping`)).status).toBe(200);
    await server.api.patch(`/v1/orgs/${setup.customer.id}`, { inviteLinks: true });
    const link = (await server.api.post(`/v1/orgs/${setup.customer.id}/link-invites`, { role: 'admin' })).body;
    const joined = await bot.post(`/v1/orgs/${setup.customer.id}/invites/${link.id}`);
    expect(joined.status).toBe(403);
    expect(joined.body.error.message).toMatch(/installation token/);
    expect((await bot.get(`/v1/orgs/${setup.customer.id}/members`)).status).toBe(403);
  });
});
