import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function site(title = 'Docs') {
  const org = await newOrganization(server);
  const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title })).body;
  return { org, site: created, url: `/v1/orgs/${org.id}/sites/${created.id}` };
}

/** A GET with the given Host header, as a browser sends it for a custom hostname pointed at the host. */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string; location?: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('site hostnames', () => {
  it('sets a hostname of three labels, shows it on the site and removes it with null', async () => {
    const { url } = await site();
    const set = await server.api.patch(url, { hostname: 'docs.example.com' });
    expect(set.status).toBe(200);
    expect(set.body.hostname).toBe('docs.example.com');
    const removed = await server.api.patch(url, { hostname: null });
    expect(removed.status).toBe(200);
    expect(removed.body.hostname).toBeUndefined();
  });

  it.each([['example.com'], ['Docs.Example.com'], ['docs..example.com'], ['-docs.example.com'], [`${'a'.repeat(64)}.example.com`]])(
    'returns 400 naming the hostname for %s and changes nothing',
    async (hostname) => {
      const { url } = await site();
      const res = await server.api.patch(url, { hostname, title: 'Changed' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^hostname:/);
      expect((await server.api.get(url)).body.title).toBe('Docs');
    },
  );

  it('refuses a hostname another site has', async () => {
    const first = await site();
    await server.api.patch(first.url, { hostname: 'docs.acme.dev' });
    const second = await site();
    const res = await server.api.patch(second.url, { hostname: 'docs.acme.dev' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^hostname: .*another site/);
  });

  it('serves the published site at the root of its hostname', async () => {
    const { org, url } = await site('Acme Handbook');
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
    await server.api.post(`${url}/site-spaces`, { spaceId: space.id });
    await server.api.patch(url, { hostname: 'handbook.acme.dev' });
    expect((await getWithHost('/', 'handbook.acme.dev')).status).toBe(404);
    await server.api.post(`${url}/publish`);
    const home = await getWithHost('/', 'handbook.acme.dev:8080');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Guide | Acme Handbook</title>');
    // Another name still reaches the app.
    expect((await getWithHost('/', 'other.acme.dev')).body).not.toContain('Acme Handbook');
  });
});
