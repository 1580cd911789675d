import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

// DNS answers for the checks: the test server is reached at 127.0.0.1.
const DNS: Record<string, string[]> = {
  'docs.pointed.test': ['127.0.0.1'],
  'docs.elsewhere.test': ['203.0.113.7'],
};
const server = useTestServer({
  config: {
    resolveHost: async (hostname) => {
      const answers = DNS[hostname];
      if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answers.map((address) => ({ address, family: 4 as const }));
    },
  },
});

async function siteWithHostname(hostname: string, publish = true) {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Handbook', visibility: 'public', spaces: 'empty' })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  expect((await server.api.patch(url, { hostname })).status).toBe(200);
  if (publish) await server.api.post(`${url}/publish`);
  return { org, site, url, record: `/v1/custom-hostnames/${hostname}` };
}

function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('custom hostnames', () => {
  it("answers a site's hostname as a record pointing at the site, active once published", async () => {
    const { site, url, record } = await siteWithHostname('docs.unchecked.test', false);
    const inactive = await server.api.get(record);
    expect(inactive.status).toBe(200);
    expect(inactive.body).toEqual({
      object: 'custom-hostname',
      hostname: 'docs.unchecked.test',
      target: { type: 'site', site: site.id },
      isActive: false,
      urls: { location: `${server.url}${record}` },
    });
    await server.api.post(`${url}/publish`);
    expect((await server.api.get(record)).body.isActive).toBe(true);
    expect((await server.api.get('/v1/custom-hostnames/DOCS.UNCHECKED.TEST')).body.hostname).toBe('docs.unchecked.test');
  });

  it.each([
    ['docs.pointed.test', 'dns_passed'],
    ['docs.elsewhere.test', 'dns_wrong_cname'],
    ['docs.nowhere.test', 'dns_no_cname'],
  ])('checks the DNS of %s and keeps the status %s', async (hostname, status) => {
    const { record } = await siteWithHostname(hostname);
    expect((await server.api.get(record)).body.status).toBeUndefined();
    const checked = await server.api.patch(record);
    expect(checked.status).toBe(204);
    expect((await server.api.get(record)).body.status).toBe(status);
  });

  it('refuses to check the hostname of an unpublished site (409)', async () => {
    const { record } = await siteWithHostname('docs.unpublished.test', false);
    const res = await server.api.patch(record);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/inactive/);
  });

  it('removes the hostname from its site (205), after which the host no longer answers for it (204 again)', async () => {
    const { url, record } = await siteWithHostname('docs.removed.test');
    expect((await getWithHost('/', 'docs.removed.test')).body).toContain('Handbook');
    expect((await server.api.delete(record)).status).toBe(205);
    expect((await server.api.get(url)).body.hostname).toBeUndefined();
    expect((await getWithHost('/', 'docs.removed.test')).body).not.toContain('Handbook');
    expect((await server.api.delete(record)).status).toBe(204);
    expect((await server.api.get(record)).status).toBe(404);
  });

  it('shows the record to members only and lets only admins check or remove it', async () => {
    const { org, record } = await siteWithHostname('docs.guarded.test');
    const member = await org.member('edit');
    expect((await member.api.get(record)).status).toBe(200);
    expect((await member.api.patch(record)).status).toBe(403);
    expect((await member.api.delete(record)).status).toBe(403);
    const outsider = await (await newOrganization(server, 'Other')).member('admin');
    expect((await outsider.api.get(record)).status).toBe(404);
    expect((await outsider.api.patch(record)).status).toBe(404);
    expect((await outsider.api.delete(record)).status).toBe(204);
    expect((await server.api.get(record)).body.hostname).toBe('docs.guarded.test');
    expect((await server.as(undefined).get(record)).status).toBe(401);
  });
});

describe('subdomains', () => {
  it("answers an organization's subdomain to its members, inactive (Folio serves no subdomains)", async () => {
    const org = await newOrganization(server);
    const name = `acme-${org.id.slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    expect((await server.api.patch(`/v1/orgs/${org.id}`, { hostname: name })).status).toBe(200);
    const res = await server.api.get(`/v1/subdomains/${name}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'subdomain', subdomain: name, target: { type: 'organization', organization: org.id }, isActive: false });
    const outsider = await (await newOrganization(server, 'Other')).member('admin');
    expect((await outsider.api.get(`/v1/subdomains/${name}`)).status).toBe(404);
    expect((await server.api.get('/v1/subdomains/no-such-org-here')).status).toBe(404);
  });
});
