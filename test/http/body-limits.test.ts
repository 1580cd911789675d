import { gzipSync, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src-main/http/body';
import { newOrganization } from '../support/org';
import { chunkedBody, getOnFreshConnection } from '../support/raw-requests';
import { useTestServer } from '../support/server';

const server = useTestServer();
let orgUrl: string;
beforeAll(async () => {
  orgUrl = `${server.url}/v1/orgs/${(await newOrganization(server, 'Bodies')).id}`;
});

const auth = () => ({ authorization: `Bearer ${server.owner.token}`, 'content-type': 'application/json' });

/** Bytes as fetch types a body (a Buffer is one at run time, not to the DOM typings). */
const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);

/** A JSON body of exactly `size` bytes. */
function jsonOfSize(size: number): Uint8Array<ArrayBuffer> {
  const frame = Buffer.from('{"title":""}');
  return bytes(Buffer.concat([frame.subarray(0, 10), Buffer.alloc(size - frame.length, 'x'), frame.subarray(10)]));
}

describe('request bodies over the limit', () => {
  // Well over: the client is still sending when the answer comes, where closing the connection made fetch fail.
  it.each([
    ['just over', 1],
    ['well over', MAX_BODY_BYTES],
  ])('answers 413 with the error body to fetch, for a body with a Content-Length %s the limit', async (_what, over) => {
    const res = await fetch(orgUrl, { method: 'PATCH', headers: auth(), body: jsonOfSize(MAX_BODY_BYTES + over) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 413, message: `Request body is larger than ${MAX_BODY_BYTES} bytes` } });
    expect(await getOnFreshConnection(orgUrl, server.owner.token)).toBe(200);
  });

  it.each([
    ['just over', 1],
    ['well over', MAX_BODY_BYTES],
  ])('answers 413 with the error body to fetch, for a chunked body %s the limit', async (_what, over) => {
    const body = chunkedBody(jsonOfSize(MAX_BODY_BYTES + over));
    const res = await fetch(orgUrl, { method: 'PATCH', headers: auth(), body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe(413);
    expect(await getOnFreshConnection(orgUrl, server.owner.token)).toBe(200);
  });

  it('answers 413 to an unauthenticated client still sending, and keeps serving', async () => {
    const res = await fetch(orgUrl, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: jsonOfSize(MAX_BODY_BYTES + 1) });
    expect([401, 413]).toContain(res.status);
    expect((await res.json()).error.code).toBe(res.status);
    expect(await getOnFreshConnection(orgUrl, server.owner.token)).toBe(200);
  });

  it('takes a body exactly at the limit', async () => {
    const res = await fetch(orgUrl, { method: 'PATCH', headers: auth(), body: jsonOfSize(MAX_BODY_BYTES) });
    // Read in full: the title is then refused for its length, not the body for its size.
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^title:/);
  });
});

describe('compressed request bodies', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
  ])('inflates a %s JSON body', async (encoding, compress) => {
    const res = await fetch(orgUrl, {
      method: 'PATCH',
      headers: { ...auth(), 'content-encoding': encoding },
      body: bytes(compress(Buffer.from(JSON.stringify({ title: `Zipped ${encoding}` })))),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).title).toBe(`Zipped ${encoding}`);
  });

  it('answers 413 for a gzip bomb that inflates past the limit, and keeps serving', async () => {
    const bomb = bytes(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await fetch(orgUrl, { method: 'PATCH', headers: { ...auth(), 'content-encoding': 'gzip' }, body: bomb });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe(`Request body is larger than ${MAX_BODY_BYTES} bytes once decompressed`);
    expect(await getOnFreshConnection(orgUrl, server.owner.token)).toBe(200);
  });

  it('never holds much more than the limit while refusing a bomb that inflates to a gigabyte', async () => {
    // 100 gzip members of 10 MiB of zeros each: about 1 MB sent, 1 GiB once inflated.
    const member = gzipSync(Buffer.alloc(10 * 1024 * 1024));
    const bomb = bytes(Buffer.concat(Array.from({ length: 100 }, () => member)));
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 2);
    try {
      const res = await fetch(orgUrl, { method: 'PATCH', headers: { ...auth(), 'content-encoding': 'gzip' }, body: bomb });
      expect(res.status).toBe(413);
      await res.arrayBuffer();
    } finally {
      clearInterval(sampler);
    }
    expect(peak - baseline).toBeLessThan(8 * MAX_BODY_BYTES);
  });

  it('answers 400 for a body that is not the gzip it claims to be', async () => {
    const res = await fetch(orgUrl, { method: 'PATCH', headers: { ...auth(), 'content-encoding': 'gzip' }, body: '{"title":"plain"}' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^body: malformed gzip data/);
  });

  it('answers 415 naming an encoding it does not support', async () => {
    const res = await fetch(orgUrl, { method: 'PATCH', headers: { ...auth(), 'content-encoding': 'br' }, body: 'whatever' });
    expect(res.status).toBe(415);
    expect((await res.json()).error.message).toMatch(/^Content-Encoding "br" is not supported/);
  });

  it('inflates /sync request bodies too', async () => {
    const res = await fetch(`${server.url}/sync/v1/hello`, {
      method: 'POST',
      headers: { ...auth(), 'content-encoding': 'gzip' },
      body: bytes(gzipSync(Buffer.from('{"not":"an exchange"}'))),
    });
    // Read and parsed: the sync endpoint's own validation answers, not a 415 or a parse error.
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).not.toMatch(/Content-Encoding|malformed/);
  });
});
