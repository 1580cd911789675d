import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, MAX_REDIRECTS, readBody } from '../../src-main/net/guarded-fetch';
import { NetworkRefusal, type NetworkPolicy, type ResolvedAddress } from '../../src-main/net/network-policy';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';

let allowed: LoopbackOrigin;
let refused: LoopbackOrigin;
const TEXT = 'Hello, guarded world. '.repeat(200);
const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024)); // 64 MiB of zeros in about 64 KB

beforeAll(async () => {
  refused = await serveLoopbackOrigin({ '/secret': ['text/plain', 'internal'] });
  allowed = await serveLoopbackOrigin({
    '/plain': ['text/plain', TEXT],
    '/gzip': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync(TEXT)),
    '/deflate': (_req, res) => res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(TEXT)),
    '/br': (_req, res) => res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(TEXT)),
    '/gzip-br': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip, br' }).end(brotliCompressSync(gzipSync(TEXT))),
    '/zstd': (_req, res) => res.writeHead(200, { 'content-encoding': 'zstd' }).end('??'),
    '/bomb': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(BOMB),
    '/hop/0': { redirect: '/hop/1', status: 301 },
    '/hop/1': { redirect: '/hop/2', status: 307 },
    '/hop/2': { redirect: '/plain', status: 308 },
    '/loop': { redirect: '/loop' },
    '/to-file': { redirect: 'file:///etc/passwd' },
    '/to-ftp': { redirect: 'ftp://127.0.0.1/x' },
  });
});
afterAll(async () => {
  await allowed.close();
  await refused.close();
});

/** Only the allowed origin may be reached: the refused one is another loopback port, as an internal service. */
const policy = (): NetworkPolicy => ({ allowHosts: [allowed.hostPort] });

async function fetchText(url: string, options: { policy?: NetworkPolicy; maxBytes?: number } = {}) {
  const signal = AbortSignal.timeout(10_000);
  const response = await guardedFetch(new URL(url), { policy: options.policy ?? policy(), signal });
  const bytes = await readBody(response, options.maxBytes ?? 1024 * 1024, () => new Error('too large'), signal);
  return { status: response.status, url: response.url.href, text: new TextDecoder().decode(bytes) };
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (error: Error) => error,
  );

describe('guardedFetch', () => {
  it('fetches from an allowed origin', async () => {
    expect(await fetchText(`${allowed.url}/plain`)).toEqual({ status: 200, url: `${allowed.url}/plain`, text: TEXT });
  });

  it('refuses a loopback origin that is not allowed, without connecting to it', async () => {
    const error = await failure(fetchText(`${refused.url}/secret`));
    expect(error).toBeInstanceOf(NetworkRefusal);
    expect(error.message).toMatch(/^127\.0\.0\.1 is a loopback address; .*--allow-private-network/);
    expect(refused.requests).toEqual([]);
  });

  it('follows redirects, and refuses a redirect from an allowed origin to a refused one', async () => {
    expect(await fetchText(`${allowed.url}/hop/0`)).toMatchObject({ url: `${allowed.url}/plain`, text: TEXT });

    const hop = await serveLoopbackOrigin({ '/': { redirect: `${refused.url}/secret` } });
    try {
      const error = await failure(fetchText(`${hop.url}/`, { policy: { allowHosts: [hop.hostPort] } }));
      expect(error).toBeInstanceOf(NetworkRefusal);
      expect(error.message).toBe(`redirected to ${refused.url}/secret: 127.0.0.1 is a loopback address; this server does not fetch private network addresses (start it with --allow-private-network to allow them, or --allow-host HOST[:PORT] for one host)`);
      expect(hop.requests).toEqual(['/']);
      expect(refused.requests).toEqual([]);
    } finally {
      await hop.close();
    }
  });

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    expect((await failure(fetchText(`${allowed.url}/loop`))).message).toBe(`${allowed.url}/loop redirected more than ${MAX_REDIRECTS} times`);
  });

  it('refuses a redirect to another scheme, file: included', async () => {
    const policyAllowingAll = { allowPrivateNetwork: true };
    expect((await failure(fetchText(`${allowed.url}/to-file`, { policy: policyAllowingAll }))).message).toBe('redirected to file:///etc/passwd: file: URLs are not fetched (only http and https)');
    expect((await failure(fetchText(`${allowed.url}/to-ftp`, { policy: policyAllowingAll }))).message).toMatch(/^redirected to ftp:.*not fetched/);
  });

  it('connects only to the addresses it vetted: a name is resolved once per connection, by the policy', async () => {
    const asked: string[] = [];
    // The names exist only in this fake DNS: reaching the origin proves the connection used its answer.
    const resolveHost = async (hostname: string): Promise<ResolvedAddress[]> => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const viaName = await fetchText(`http://docs.folio-test:${allowed.port}/plain`, { policy: { allowHosts: [allowed.hostPort], resolveHost } });
    expect(viaName.text).toBe(TEXT);
    expect(asked).toEqual(['docs.folio-test']);
  });

  it('vets each connection again: a name that resolves elsewhere the second time is refused then (DNS rebinding)', async () => {
    // The second answer is another loopback address, not allowed: a regression would show as a request there.
    const shadow = await serveLoopbackOrigin({ '/plain': ['text/plain', 'internal'] }, { host: '127.0.0.2', port: allowed.port });
    try {
      let answer = '127.0.0.1';
      const resolveHost = async (): Promise<ResolvedAddress[]> => [{ address: answer, family: 4 }];
      const rebinding = { allowHosts: [allowed.hostPort], resolveHost };
      expect((await fetchText(`http://rebind.folio-test:${allowed.port}/plain`, { policy: rebinding })).text).toBe(TEXT);
      answer = '127.0.0.2';
      const error = await failure(fetchText(`http://rebind.folio-test:${allowed.port}/plain`, { policy: rebinding }));
      expect(error.message).toMatch(/^rebind\.folio-test resolves to a loopback address; /);
      expect(shadow.requests).toEqual([]);
    } finally {
      await shadow.close();
    }
  });

  it('decodes gzip, deflate, br and stacked encodings', async () => {
    for (const path of ['/gzip', '/deflate', '/br', '/gzip-br']) expect((await fetchText(`${allowed.url}${path}`)).text, path).toBe(TEXT);
  });

  it('refuses an encoding it cannot decode', async () => {
    expect((await failure(fetchText(`${allowed.url}/zstd`))).message).toMatch(/content encoding "zstd"/);
  });

  it('counts decoded bytes against the limit and stops reading a compression bomb there', async () => {
    const before = process.memoryUsage().arrayBuffers;
    expect((await failure(fetchText(`${allowed.url}/bomb`, { maxBytes: 1024 * 1024 }))).message).toBe('too large');
    // 64 MiB decoded would show here; the read stops a few chunks past the 1 MiB limit.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
  });
});
