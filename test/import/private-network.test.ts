import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page } from '../support/fixture-site';
import { pngImage } from '../support/images';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';
import { newOrganization } from '../support/org';
import { startTestServer, type TestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';

/**
 * A server started as `npm run serve` starts (no --allow-private-network), with one loopback origin on
 * its --allow-host list (an intranet wiki) and another loopback origin standing for an internal service.
 */
let server: TestServer;
let allowed: LoopbackOrigin;
let internal: LoopbackOrigin;

beforeAll(async () => {
  internal = await serveLoopbackOrigin({
    '/docs/': ['text/html', page('Internal', '<p>secret</p>')],
    '/docs/secret.html': ['text/html', page('Secret', '<p>secret</p>')],
    '/notes.md': ['text/markdown', '# Internal notes\n'],
    '/shot.png': ['image/png', pngImage(2, 2)],
  });
  allowed = await serveLoopbackOrigin({
    '/docs/': ['text/html', page('Welcome', '<p>See the <a href="guide.html">guide</a> and the <a href="leak.html">leak</a>.</p><p><img src="shot.png" alt="Shot"></p>')],
    '/docs/guide.html': ['text/html', page('Guide', '<p>Fine.</p>')],
    '/docs/leak.html': { redirect: `${internal.url}/docs/secret.html` },
    '/docs/shot.png': { redirect: `${internal.url}/shot.png` },
    '/moved.md': { redirect: `${internal.url}/notes.md` },
  });
  server = await startTestServer({ config: { allowPrivateNetwork: false, allowHosts: [allowed.hostPort] } });
});
afterAll(async () => {
  await server.close();
  await allowed.close();
  await internal.close();
});

/** Every spelling of the internal origin's loopback address a hostile writer might try. */
const spellings = () =>
  ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0'].map((host) => `http://${host}:${internal.port}`);
const REFUSED = /^url: .* (a loopback|an unspecified) address; this server does not fetch private network addresses \(start it with --allow-private-network to allow them/;

async function importInto(url: string, source: string) {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Import' })).body.id as string;
  return { spaceId, res: await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url, source }) };
}

async function finished(trpc: ReturnType<typeof trpcClient>, jobId: string) {
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const status = await trpc.content.importStatus.query({ jobId });
    if (status.state !== 'running' || Date.now() > giveUp) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('imports on a server without --allow-private-network', () => {
  it('returns 400 naming the flag for a website on every spelling of a loopback address, without fetching it', async () => {
    for (const origin of spellings()) {
      const { res } = await importInto(`${origin}/docs/`, 'website');
      expect(res.status, origin).toBe(400);
      expect(res.body.error.message, origin).toMatch(REFUSED);
    }
    const { res } = await importInto(`${internal.url}/notes.md`, 'markdown');
    expect(res.body.error.message).toMatch(/^url: 127\.0\.0\.1 is a loopback address; /);
    expect(internal.requests).toEqual([]);
  });

  it('returns 400 when an allowed origin redirects to a refused one', async () => {
    const { res } = await importInto(`${allowed.url}/moved.md`, 'markdown');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(new RegExp(`^url: redirected to ${internal.url}/notes\\.md: 127\\.0\\.0\\.1 is a loopback address; .*--allow-private-network`));
    expect(internal.requests).toEqual([]);
  });

  it('imports from an allowed host, listing pages and files that redirect to refused addresses as failures', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id as string;
    const trpc = trpcClient(server.url, server.owner.token);
    const { jobId } = await trpc.content.startImport.mutate({ spaceId, url: `${allowed.url}/docs/`, source: 'website' });
    const status = await finished(trpc, jobId);
    expect(status.state).toBe('done');
    expect(status.result!.pages).toBe(2);
    const refusal = (path: string) => `${allowed.url}/docs/${path}: redirected to ${internal.url}/`;
    expect(status.result!.failures).toEqual(
      expect.arrayContaining([expect.stringContaining(`${refusal('leak.html')}docs/secret.html: 127.0.0.1 is a loopback address`), expect.stringContaining(`${refusal('shot.png')}shot.png: 127.0.0.1 is a loopback address`)]),
    );
    expect(internal.requests).toEqual([]);
  });

  it("refuses a background import's refused URL when it is started, not in the job", async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id as string;
    const trpc = trpcClient(server.url, server.owner.token);
    const error = await trpcError(trpc.content.startImport.mutate({ spaceId, url: `http://[::1]:${internal.port}/docs/`, source: 'website' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^url: ::1 is a loopback address; .*--allow-private-network/) });
  });

  it('refuses other schemes than http and https, and file:// as before', async () => {
    for (const url of ['ftp://127.0.0.1/notes.md', 'gopher://127.0.0.1:70/', 'data:text/markdown,%23%20Hi']) {
      const { res } = await importInto(url, 'markdown');
      expect(res.status, url).toBe(400);
      expect(res.body.error.message, url).toMatch(/^url: (ftp|gopher|data): URLs cannot be imported$/);
    }
    const { res } = await importInto('file:///etc/hostname', 'markdown');
    expect(res.body.error.message).toMatch(/^url: file:\/\/ URLs are imported by the desktop app; .*--allow-file-imports/);
  });

  it('fetches loopback addresses once the private network is allowed (--allow-private-network)', async () => {
    server.app.config.allowPrivateNetwork = true;
    try {
      const { res } = await importInto(`${internal.url}/notes.md`, 'markdown');
      expect(res.status).toBe(201);
      expect(internal.requests).toEqual(['/notes.md']);
    } finally {
      server.app.config.allowPrivateNetwork = false;
      internal.requests.length = 0;
    }
  });
});
