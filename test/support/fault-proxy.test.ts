import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './fault-proxy';

/** What the target server saw: each request's method, path, body, and whether it arrived whole. */
interface Seen {
  method: string;
  path: string;
  body: string;
  complete: boolean;
}

interface Target {
  url: string;
  seen: Seen[];
  /** Writes one event to every open /events stream. */
  emit(text: string): void;
  close(): Promise<void>;
}

/**
 * A small HTTP server to stand behind the proxy: /echo answers the body it got with the number of
 * requests seen so far, /big answers 64 KiB, /events is a stream that stays open, /chunked answers in chunks.
 */
async function startTarget(): Promise<Target> {
  const seen: Seen[] = [];
  const streams = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    const parts: Buffer[] = [];
    const entry: Seen = { method: req.method ?? '', path: req.url ?? '', body: '', complete: false };
    seen.push(entry);
    req.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      entry.body = Buffer.concat(parts).toString();
    });
    req.on('end', () => {
      entry.complete = true;
      if (req.url === '/events') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.flushHeaders();
        streams.add(res);
        res.on('close', () => streams.delete(res));
      } else if (req.url === '/big') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(65_536) }).end('x'.repeat(65_536));
      } else if (req.url === '/chunked') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('one,');
        setTimeout(() => res.end('two'), 20);
      } else {
        const payload = JSON.stringify({ count: seen.length, body: entry.body });
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) }).end(payload);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    emit: (text) => {
      for (const stream of streams) stream.write(`data: ${text}\n\n`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Sends raw bytes on a fresh connection and collects everything that comes back until the connection ends. */
function rawExchange(port: number, request: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const parts: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(parts)));
    socket.on('error', () => undefined);
    socket.write(request);
  });
}

/** For waits on a hop through the proxy: expect.poll's default 1 s is short on a loaded machine. */
const HOP = { timeout: 10_000 };
/** How long a delayed message is held: ample for a later request to make its whole round trip meanwhile. */
const OVERTAKE_MS = 2_000;

const post = (url: string, body: string) => fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } });

let target: Target;
let proxy: FaultProxy;
beforeEach(async () => {
  target = await startTarget();
  proxy = await startFaultProxy(target.url);
});
afterEach(async () => {
  await proxy.close();
  await target.close();
});

describe('fault proxy', () => {
  it('passes requests and answers through unchanged and counts connections, requests and bytes both ways', async () => {
    const response = await post(`${proxy.url}/echo`, 'hello');
    expect(await response.json()).toEqual({ count: 1, body: 'hello' });
    const big = await fetch(`${proxy.url}/big`);
    expect((await big.text()).length).toBe(65_536);
    const chunked = await fetch(`${proxy.url}/chunked`);
    expect(await chunked.text()).toBe('one,two');

    const stats = proxy.stats();
    expect(stats.requests).toBe(3);
    expect(stats.connections).toBeGreaterThanOrEqual(1);
    expect(stats.bytesUp).toBe(proxy.requests.reduce((sum, r) => sum + r.raw.length, 0));
    expect(stats.bytesDown).toBeGreaterThan(65_536);
    expect(proxy.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/echo', 200],
      ['GET', '/big', 200],
      ['GET', '/chunked', 200],
    ]);
    expect(proxy.requests[0]!.body.toString()).toBe('hello');

    proxy.resetStats();
    expect(proxy.stats()).toEqual({ connections: 0, requests: 0, bytesUp: 0, bytesDown: 0 });
  });

  it('passes a stream of events through as it comes, and counts nothing while it is silent', async () => {
    const response = await fetch(`${proxy.url}/events`);
    const reader = response.body!.getReader();
    await expect.poll(() => target.seen.length, HOP).toBe(1);
    target.emit('first');
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe('data: first\n\n');
    const before = proxy.stats();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(proxy.stats()).toEqual(before);
    expect(proxy.openConnections()).toEqual([expect.objectContaining({ lastPath: '/events' })]);
    await reader.cancel();
  });

  it('cuts a request after N bytes: the server gets exactly those bytes and the client no answer', async () => {
    const fault = proxy.cutRequest({ path: '/echo' }, (request) => request.raw.length - 5);
    await expect(post(`${proxy.url}/echo`, 'abcdefghij')).rejects.toThrow();
    await fault.done;
    await expect.poll(() => target.seen.length, HOP).toBe(1);
    await expect.poll(() => target.seen[0]!.body, HOP).toBe('abcde');
    expect(target.seen[0]!.complete).toBe(false);

    // Once only: the next request goes through.
    expect(await (await post(`${proxy.url}/echo`, 'again')).json()).toMatchObject({ body: 'again' });
  });

  it('cuts an answer after N bytes: the client gets exactly those bytes of it, though the server answered whole', async () => {
    proxy.cutResponse({ path: '/big' }, 1000);
    const received = await rawExchange(proxy.port, 'GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(received.length).toBe(1000);
    expect(proxy.requests[0]!.answeredBytes).toBe(1000);
    expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(target.seen).toEqual([expect.objectContaining({ path: '/big', complete: true })]);
    await expect(fetch(`${proxy.url}/big`).then((r) => r.text())).resolves.toHaveLength(65_536);
  });

  it('delays a request: a later request overtakes it on its way to the server', async () => {
    proxy.delay({ path: '/echo' }, OVERTAKE_MS, { times: 1 });
    const slow = post(`${proxy.url}/echo`, 'slow');
    await expect.poll(() => proxy.stats().requests, HOP).toBe(1);
    const fast = await post(`${proxy.url}/other`, 'fast');
    expect(fast.status).toBe(200);
    await slow;
    expect(target.seen.map((s) => s.body)).toEqual(['fast', 'slow']);
  });

  it('delays an answer: it reaches the client whole, after a later one', async () => {
    proxy.delay({ path: '/echo' }, OVERTAKE_MS, { direction: 'response', times: 1 });
    const order: string[] = [];
    const bodyOf = async (response: Response) => ((await response.json()) as { body: string }).body;
    const slow = post(`${proxy.url}/echo`, 'slow').then(async (r) => order.push(await bodyOf(r)));
    await expect.poll(() => target.seen.length, HOP).toBe(1);
    await post(`${proxy.url}/other`, 'fast').then(async (r) => order.push(await bodyOf(r)));
    await slow;
    expect(order).toEqual(['fast', 'slow']);
  });

  it('sends a duplicated request twice and answers the client with the second answer', async () => {
    const fault = proxy.duplicate({ path: '/echo' });
    const answer = await (await post(`${proxy.url}/echo`, 'twice')).json();
    await fault.done;
    expect(target.seen.map((s) => s.body)).toEqual(['twice', 'twice']);
    expect(answer).toEqual({ count: 2, body: 'twice' });
  });

  it('can answer a duplicated request with the first answer and deliver the copy late', async () => {
    proxy.duplicate({ path: '/echo' }, { answer: 'first' });
    const answer = await (await post(`${proxy.url}/echo`, 'twice')).json();
    expect(answer).toEqual({ count: 1, body: 'twice' });
    // Polled whole: an entry is seen when its head arrives, and complete a moment later.
    await expect.poll(() => target.seen.map((s) => [s.body, s.complete]), HOP).toEqual([['twice', true], ['twice', true]]);
  });

  it('holds requests and releases them in another order, each answered before the next goes', async () => {
    const hold = proxy.hold({ path: '/echo' });
    const first = post(`${proxy.url}/echo`, 'first');
    const second = post(`${proxy.url}/echo`, 'second');
    const held = await hold.waitFor(2);
    expect(target.seen).toEqual([]);
    const byBody = (body: string) => held.find((r) => r.body.toString() === body)!.id;
    await hold.release([byBody('second'), byBody('first')]);
    expect(target.seen.map((s) => s.body)).toEqual(['second', 'first']);
    expect(await (await first).json()).toEqual({ count: 2, body: 'first' });
    expect(await (await second).json()).toEqual({ count: 1, body: 'second' });
  });

  it('still delivers a held request whose client went away, and drops the answer', async () => {
    const hold = proxy.hold({ path: '/echo' });
    const gone = post(`${proxy.url}/echo`, 'stale').catch((error: unknown) => error);
    await hold.waitFor(1);
    expect(proxy.cutConnections({ path: '/echo' })).toBe(1);
    expect(await gone).toBeInstanceOf(Error);
    await hold.release();
    expect(target.seen.map((s) => s.body)).toEqual(['stale']);
  });

  // A workstation killed as its held request is released: the hang-up reaches the proxy while it is still
  // connecting to the server for that request. The release must end all the same, the request delivered.
  it('still delivers a held request whose client goes away while the proxy connects to the server for it', async () => {
    const hold = proxy.hold({ path: '/echo' });
    const gone = post(`${proxy.url}/echo`, 'released as it left').catch((error: unknown) => error);
    await hold.waitFor(1);
    const released = hold.release();
    // Past the release's own continuations (which start the connection to the server), before any I/O.
    await new Promise((resolve) => process.nextTick(resolve));
    expect(proxy.cutConnections({ path: '/echo' })).toBe(1);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the release never ended')), 10_000)));
    await Promise.race([released, stuck]).finally(() => clearTimeout(timer));
    expect(await gone).toBeInstanceOf(Error);
    expect(target.seen.map((s) => s.body)).toEqual(['released as it left']);
  });

  it('replays a request seen earlier on a connection of its own', async () => {
    await post(`${proxy.url}/echo`, 'once');
    const again = await proxy.replay(proxy.requests[0]!);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.toString())).toEqual({ count: 2, body: 'once' });
  });

  it('refuses connections while down, cutting open ones, and accepts again on the same port when up', async () => {
    const stream = await fetch(`${proxy.url}/events`);
    const reading = stream.body!.getReader().read().catch((error: unknown) => error);
    await proxy.down();
    expect(await reading).toBeInstanceOf(Error);
    const refused = await fetch(`${proxy.url}/echo`).catch((error: { cause?: { code?: string } }) => error.cause?.code);
    expect(refused).toBe('ECONNREFUSED');
    await proxy.up();
    expect((await fetch(`${proxy.url}/echo`)).status).toBe(200);
  });

  it('sends new connections to another server after setTarget, as when a server restarts on another port', async () => {
    const other = await startTarget();
    try {
      proxy.setTarget(other.url);
      await post(`${proxy.url}/echo`, 'moved');
      expect(other.seen.map((s) => s.body)).toEqual(['moved']);
      expect(target.seen).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('cuts the client off when the server cannot be reached', async () => {
    await target.close();
    await expect(fetch(`${proxy.url}/echo`)).rejects.toThrow();
  });
});
