import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';
import { newOrganization } from '../support/org';
import { startTestServer, type TestServer } from '../support/server';

/**
 * `insert_files` by URL on a server started without --allow-private-network: one loopback origin is on
 * the --allow-host list, another stands for an internal service.
 */
let server: TestServer;
let allowed: LoopbackOrigin;
let internal: LoopbackOrigin;

beforeAll(async () => {
  internal = await serveLoopbackOrigin({ '/secret.png': ['image/png', pngImage(3, 3)] });
  allowed = await serveLoopbackOrigin({
    '/logo.png': ['image/png', pngImage(2, 2)],
    '/moved.png': { redirect: `${internal.url}/secret.png` },
  });
  server = await startTestServer({ config: { allowPrivateNetwork: false, allowHosts: [allowed.hostPort] } });
});
afterAll(async () => {
  await server.close();
  await allowed.close();
  await internal.close();
});

async function insertFile(url: string) {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
  const base = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
  const res = await server.api.post(`${base}/content?compat=false`, { changes: [{ operation: 'insert_files', files: [{ name: 'image.png', url }] }] });
  return { base, res };
}

describe('insert_files by URL on a server without --allow-private-network', () => {
  it('returns 400 naming the flag for every spelling of a loopback address, inserting nothing', async () => {
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0']) {
      const url = `http://${host}:${internal.port}/secret.png`;
      const { base, res } = await insertFile(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.message, url).toMatch(
        /^changes\.0\.files\.0\.url: .* (a loopback|an unspecified) address; this server does not fetch private network addresses \(start it with --allow-private-network to allow them/,
      );
      expect((await server.api.get(`${base}/content/files`)).body.items).toEqual([]);
    }
    expect(internal.requests).toEqual([]);
  });

  it('returns 400 when an allowed URL redirects to a refused one', async () => {
    const { res } = await insertFile(`${allowed.url}/moved.png`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `changes.0.files.0.url: redirected to ${internal.url}/secret.png: 127.0.0.1 is a loopback address; this server does not fetch private network addresses (start it with --allow-private-network to allow them, or --allow-host HOST[:PORT] for one host)`,
    );
    expect(internal.requests).toEqual([]);
  });

  it('inserts a file from a host on the allow-list', async () => {
    const { res } = await insertFile(`${allowed.url}/logo.png`);
    expect(res.status).toBe(200);
    expect(res.body.insertedFiles).toEqual([expect.objectContaining({ name: 'image.png', size: pngImage(2, 2).byteLength })]);
  });

  it('refuses other schemes than http and https', async () => {
    for (const url of ['ftp://127.0.0.1/secret.png', 'gopher://127.0.0.1:70/', 'data:image/png;base64,AAAA', 'file:///etc/hostname']) {
      const { res } = await insertFile(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.message, url).toMatch(/^changes\.0\.files\.0\.url: /);
    }
  });
});
