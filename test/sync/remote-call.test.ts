import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SyncClient } from '../../src-main/sync/client';
import { FatalSyncError, remoteCaller } from '../../src-main/sync/remote-call';
import { useReplicas } from '../support/replicas';

const { openReplica, cleanup } = useReplicas();

/** A "server" that accepts connections and reads requests but never answers one. */
async function silentServer(): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

/** An HTTP server answering every request with `status` and `body`. */
async function answering(status: number, body: string, type = 'application/json'): Promise<string> {
  const server = createHttpServer((_req, res) => res.writeHead(status, { 'Content-Type': type }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** An HTTP server answering 200 in chunks 100 ms apart; a null chunk stalls the answer there for good. */
async function answeringIn(chunks: Array<string | null>): Promise<string> {
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const next = (index: number) => {
      const chunk = chunks[index];
      if (chunk === null) return;
      if (chunk === undefined) return void res.end();
      res.write(chunk);
      setTimeout(() => next(index + 1), 100);
    };
    next(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const caller = (base: string, silenceMs = 60_000, halt = new AbortController().signal) => remoteCaller({ base, token: 't', fetch, silenceMs, halt });

describe('calls to the team server', () => {
  it('gives up on a server that accepted the connection and never answers, saying so', async () => {
    const base = await silentServer();
    await expect(caller(base, 200)('/sync/v1/hello', {})).rejects.toThrow(`Cannot reach ${base}: no answer within 200 ms`);
  });

  it('gives up on an answer that stops coming halfway', async () => {
    const base = await answeringIn(['{"results":', null]);
    await expect(caller(base, 300)('/sync/v1/pull', {})).rejects.toThrow(`Cannot reach ${base}: its answer stopped coming for 300 ms`);
  });

  it('takes an answer that keeps coming, however long it takes in all', async () => {
    // Twelve pauses of 100 ms: 1.2 s in all, twice the 600 ms of silence allowed, each a sixth of it.
    const numbers = Array.from({ length: 11 }, (_, i) => i + 1);
    const base = await answeringIn(['{"items":[0', ...numbers.map((n) => `,${n}`), ']}']);
    await expect(caller(base, 600)('/sync/v1/pull', {})).resolves.toEqual({ items: [0, ...numbers] });
  });

  it('ends a call in flight when the client halts', async () => {
    const base = await silentServer();
    const halt = new AbortController();
    const pending = caller(base, 60_000, halt.signal)('/sync/v1/pull', {});
    halt.abort();
    await expect(pending).rejects.toThrow(`Cannot reach ${base}`);
  });

  it('says an answer that is not JSON is not the team server speaking, with its status', async () => {
    const base = await answering(502, '<html>Bad gateway</html>', 'text/html');
    await expect(caller(base)('/sync/v1/pull', {})).rejects.toThrow(`${base} answered 502 with something other than JSON`);
  });

  it("passes on the server's own message, and takes a refused token as final", async () => {
    const busy = await answering(503, JSON.stringify({ error: { code: 503, message: 'Try again soon' } }));
    await expect(caller(busy)('/sync/v1/push', {})).rejects.toThrow('Try again soon');
    const revoked = await answering(401, JSON.stringify({ error: { code: 401, message: 'Missing or invalid API token' } }));
    await expect(caller(revoked)('/sync/v1/hello', {})).rejects.toBeInstanceOf(FatalSyncError);
  });
});

describe('a workstation whose team server went silent', () => {
  it('shows itself offline with the reason instead of waiting for the server', async () => {
    const base = await silentServer();
    const workstation = openReplica('workstation', 'me@laptop.local');
    const client = new SyncClient(workstation.app, { url: base, token: 't' }, { silenceMs: 200, minBackoffMs: 60_000 });
    cleanup.push(() => client.stop());
    client.start();
    await expect.poll(() => client.getStatus().state, { timeout: 3_000 }).toBe('offline');
    expect(client.getStatus().message).toBe(`Cannot reach ${base}: no answer within 200 ms`);
  });

  it('stops at once while a call is waiting on it (closing the app does not hang)', async () => {
    const base = await silentServer();
    const workstation = openReplica('workstation', 'me@laptop.local');
    const client = new SyncClient(workstation.app, { url: base, token: 't' }, { silenceMs: 60_000 });
    client.start();
    await expect.poll(() => client.getStatus().state).toBe('syncing');
    await client.stop();
    expect(client.getStatus().state).toBe('syncing');
  });
});
