import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a path answers: a body with its content type, a redirect, or a handler of its own. */
export type OriginRoute = [contentType: string, body: string | Uint8Array] | { redirect: string; status?: number } | ((req: IncomingMessage, res: ServerResponse) => void);

export interface LoopbackOrigin {
  /** `http://127.0.0.1:PORT` (or the other loopback address it was asked to listen on) */
  url: string;
  port: number;
  /** `127.0.0.1:PORT`, as --allow-host takes it. */
  hostPort: string;
  /** Paths requested so far: a refused destination must never see a request. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A small origin on 127.0.0.1 for outbound-fetch tests (network policy, redirects): every request is
 * recorded, unknown paths answer 404. Tests never contact anything but such loopback origins.
 * `listen` puts it on another loopback address (127.0.0.2) and port: what a DNS-rebinding test's name
 * points at the second time, so that a regression would show as a request here, never as real traffic.
 */
export async function serveLoopbackOrigin(routes: Record<string, OriginRoute> = {}, listen: { host?: string; port?: number } = {}): Promise<LoopbackOrigin> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://origin').pathname;
    requests.push(path);
    const route = routes[path];
    if (!route) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else if (typeof route === 'function') route(req, res);
    else if (Array.isArray(route)) res.writeHead(200, { 'content-type': route[0] }).end(route[1]);
    else res.writeHead(route.status ?? 302, { location: route.redirect }).end();
  });
  const host = listen.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    hostPort: `${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
