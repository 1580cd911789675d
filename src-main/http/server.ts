import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { appServices, type FolioApp, serviceContext } from '../app/app';
import { authenticate } from '../auth/authenticate';
import { serveDownload } from '../files/download';
import { FolioError, isFolioError } from '../errors';
import { servePdf } from '../pdf/serve';
import { serveSitePreview } from '../sites/preview/serve';
import { siteWithHostname } from '../store/sites';
import { serveIntegrationFile } from '../integrations/serve';
import { serveSso } from '../saml/login';
import { serveSyncEvents } from '../sync/events';
import { appRouter } from '../trpc/router';
import type { TrpcContext } from '../trpc/trpc';
import { baseUrlOf } from './base-url';
import { readJsonBody } from './body';
import { errorBody, errorToResponse } from './errors';
import type { RouteResult } from './router';
import { serveRenderer } from './static-files';

export interface Host {
  /** e.g. `http://127.0.0.1:5740` */
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Serves /v1 (bearer tokens), /trpc (the renderer in a browser), the sites' preview (/sites/) and the built renderer itself. */
export function createRequestListener(app: FolioApp, listenUrl: () => string) {
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    createContext: ({ req }): TrpcContext => {
      const baseUrl = baseUrlOf(req, listenUrl());
      let user: TrpcContext['user'];
      try {
        user = authenticate(app.db, req.headers.authorization);
      } catch (error) {
        if (!isFolioError(error)) throw error;
      }
      return { ...appServices(app), user, baseUrl };
    },
  });

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://folio.invalid');
    if (url.pathname === '/sync/v1/events') {
      serveSyncEvents(app, req, res, url);
    } else if (url.pathname === '/v1' || url.pathname.startsWith('/v1/') || url.pathname.startsWith('/sync/')) {
      void handleApi(app, req, res, url, listenUrl());
    } else if (url.pathname.startsWith('/trpc/')) {
      trpc(req, res);
    } else if (url.pathname.startsWith('/files/')) {
      serveDownload(app.db, app.clock, req, res, url);
    } else if (url.pathname.startsWith('/pdf/')) {
      void servePdf(app.db, app.clock, req, res, url);
    } else if (url.pathname.startsWith('/integrations/')) {
      serveIntegrationFile(app.db, req, res, url);
    } else if (url.pathname.startsWith('/sites/')) {
      void serveSitePreview(app, req, res, url, listenUrl());
    } else if (url.pathname.startsWith('/sso/')) {
      void serveSso(app, req, res, url, listenUrl());
    } else {
      // A site's custom hostname pointed at this host: its pages, at the root of that hostname.
      const site = siteOfHost(app, req.headers.host);
      if (site) void serveSitePreview(app, req, res, new URL(`/sites/${site.id}${url.pathname}${url.search}`, url), listenUrl());
      else serveRenderer(req, res, url.pathname);
    }
  };
}

function siteOfHost(app: FolioApp, host: string | undefined) {
  const name = host?.replace(/:\d+$/, '').toLowerCase();
  return name && name.split('.').length >= 3 ? siteWithHostname(app.db, name) : undefined;
}

async function handleApi(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL, listenUrl: string) {
  let result: RouteResult;
  try {
    result = await dispatch(app, req, url, listenUrl);
  } catch (error) {
    result = errorToResponse(error);
    if (result.status === 413) {
      // The rest of an oversized upload is not worth reading: answer, then drop the connection.
      result.headers = { ...result.headers, Connection: 'close' };
    } else {
      // Drain an unread body so the connection can serve the next request.
      req.resume();
    }
  }
  send(res, result);
}

async function dispatch(app: FolioApp, req: IncomingMessage, url: URL, listenUrl: string): Promise<RouteResult> {
  const user = authenticate(app.db, req.headers.authorization);
  const match = app.router.match(req.method ?? 'GET', url.pathname);
  if (match.kind === 'none') {
    return { status: 404, body: errorBody(404, `No API endpoint at ${req.method} ${url.pathname}`) };
  }
  if (match.kind === 'wrong-method') {
    const error = new FolioError('method_not_allowed', `${req.method} is not supported on ${url.pathname} (allowed: ${match.allowed.join(', ')})`);
    return { ...errorToResponse(error), headers: { Allow: match.allowed.join(', ') } };
  }
  const body = await readJsonBody(req);
  const query = Object.fromEntries(url.searchParams);
  const ctx = { ...serviceContext(app, user), baseUrl: baseUrlOf(req, listenUrl) };
  return match.handler({ ctx, params: match.params, query, body, req });
}

function send(res: ServerResponse, result: RouteResult): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...result.headers };
  if (result.body === undefined || result.status === 204 || result.status === 205) {
    res.writeHead(result.status, headers).end();
    return;
  }
  const payload = JSON.stringify(result.body);
  res
    .writeHead(result.status, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(payload)),
    })
    .end(payload);
}

/** Listens on host:port (port 0: any free port) and resolves once ready. */
export async function startHost(app: FolioApp, options: { port: number; host?: string }): Promise<Host> {
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const server = createServer(createRequestListener(app, () => url));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
