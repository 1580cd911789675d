import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_FETCH_LIMITS, fetchLinkMetadata, type LinkFetchLimits } from '../../src-main/embeds/link-metadata';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';

/** The fetch an embed card's title comes from, against a loopback origin (allowed as the desktop app allows it). */
let origin: LoopbackOrigin;
let endlessClosed: Promise<number>;

beforeAll(async () => {
  let markClosed: (bytes: number) => void = () => {};
  endlessClosed = new Promise((resolve) => (markClosed = resolve));
  origin = await serveLoopbackOrigin({
    '/plain': ['text/html; charset=utf-8', '<!doctype html><html><head><title>\n  Getting   started\n</title></head><body>Hi</body></html>'],
    '/og': [
      'text/html',
      '<html><head><title>Guide | Example Docs</title><meta property="og:site_name" content="Example Docs"><meta property="og:title" content="Guide"><meta name="description" content="How to start."></head></html>',
    ],
    '/entities': ['text/html', '<html><head><title>Tom &amp; Jerry &#8212; &lt;b&gt; &quot;live&quot;</title></head></html>'],
    '/rcdata': ['text/html', '<html><head><title>A <script>alert(1)</script> B</title></head></html>'],
    '/latin1': ['text/html; charset=windows-1252', Buffer.from([...Buffer.from('<title>Caf'), 0xe9, ...Buffer.from('</title>')])],
    '/long': ['text/html', `<title>${'word '.repeat(400)}</title>`],
    '/json': ['application/json', '{"title":"not a page"}'],
    '/endless': (req, res) => {
      // A page that never ends: the fetch must stop reading at its budget and hang up.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Endless</title></head><body>');
      let sent = 0;
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.byteLength;
      };
      res.on('drain', pump);
      res.on('close', () => markClosed(sent));
      pump();
    },
  });
});
afterAll(() => origin.close());

const loopback: LinkFetchLimits = { ...DEFAULT_LINK_FETCH_LIMITS, network: { allowPrivateNetwork: true } };
const fetchPath = (path: string, limits: LinkFetchLimits = loopback) => fetchLinkMetadata(new URL(`${origin.url}${path}`), limits);

describe('fetching an embedded link’s metadata', () => {
  it("reads the page's <title>, its whitespace collapsed", async () => {
    expect(await fetchPath('/plain')).toEqual({ status: 'ok', title: 'Getting started', description: null, siteName: null });
  });

  it('prefers og:title to <title>, and reads the site name and description', async () => {
    expect(await fetchPath('/og')).toEqual({ status: 'ok', title: 'Guide', description: 'How to start.', siteName: 'Example Docs' });
  });

  it('decodes entities, and reads markup inside <title> as text, as browsers do', async () => {
    expect(await fetchPath('/entities')).toMatchObject({ title: 'Tom & Jerry — <b> "live"' });
    expect(await fetchPath('/rcdata')).toMatchObject({ title: 'A <script>alert(1)</script> B' });
  });

  it('decodes the charset the Content-Type names', async () => {
    expect(await fetchPath('/latin1')).toMatchObject({ title: 'Café' });
  });

  it('bounds a long title', async () => {
    const outcome = await fetchPath('/long');
    const title = outcome.status === 'ok' ? outcome.title! : '';
    expect([...title]).toHaveLength(200);
    expect(title.endsWith('…')).toBe(true);
  });

  it('refuses what is not an HTML page, and error answers', async () => {
    expect(await fetchPath('/json')).toEqual({ status: 'failed', failure: 'not an HTML page (application/json)' });
    expect(await fetchPath('/missing')).toEqual({ status: 'failed', failure: 'answered 404' });
  });

  it('stops reading at the byte budget and hangs up, keeping the head it read', async () => {
    const outcome = await fetchPath('/endless', { ...loopback, maxBytes: 64 * 1024 });
    expect(outcome).toMatchObject({ status: 'ok', title: 'Endless' });
    // The origin saw the connection close although its page never ended.
    expect(await endlessClosed).toBeGreaterThanOrEqual(0);
  });

  it('refuses a private address under the default policy without fetching it', async () => {
    const before = origin.requests.length;
    const outcome = await fetchPath('/plain', DEFAULT_LINK_FETCH_LIMITS);
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && outcome.failure).toMatch(/^refused: 127\.0\.0\.1 is a loopback address; this server does not fetch private network addresses/);
    expect(origin.requests.length).toBe(before);
  });

  it('gives up on a page that does not answer in time', async () => {
    const silent = await serveLoopbackOrigin({ '/slow': () => {} });
    try {
      const outcome = await fetchLinkMetadata(new URL(`${silent.url}/slow`), { ...loopback, timeoutMs: 100 });
      expect(outcome).toEqual({ status: 'failed', failure: 'no complete answer in time' });
    } finally {
      await silent.close();
    }
  });
});
