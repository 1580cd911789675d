import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FolioApp } from '../app/app';
import { serveDownload } from '../files/download';
import { serveIntegrationFile } from '../integrations/serve';
import { servePdf } from '../pdf/serve';
import { baseUrlOf } from './base-url';
import { serveSso } from '../saml/login';
import { serveSitePreview } from '../sites/preview/serve';
import { siteWithHostname } from '../store/sites';
import { serveSyncEvents } from '../sync/events';
import { handleApi } from './api';
import { LiveChannel } from '../live/channel';
import { refreshStalePageBodies } from '../content/stale-bodies';
import { answeringFailures, type SurfaceKind } from './failure-answers';
import { labelOf, noteRequestArrived } from './request-context';
import { serveGitWebhook } from '../git-sync/webhook';
import { SafeServerResponse } from './safe-response';
import { serveRenderer } from './static-files';
import { createTrpcHandler } from './trpc-handler';

export interface Host {
  /** e.g. `http://127.0.0.1:5740` */
  url: string;
  port: number;
  server: Server;
  /** The live channel of open documents (docs/live.md). */
  live: LiveChannel;
  close(): Promise<void>;
}

/**
 * Serves /v1 (bearer tokens), /trpc (the renderer in a browser), the sites' preview (/sites/) and the built renderer
 * itself. Each request runs with its label in async scope (logged with anything escaping it) and under a guard that
 * answers a 500, JSON or a page, when its surface throws or rejects, so no request can end the process.
 */
function createRequestListener(app: FolioApp, listenUrl: () => string) {
  const trpc = createTrpcHandler(app, listenUrl);

  const route = (req: IncomingMessage, res: ServerResponse): unknown => {
    const url = new URL(req.url ?? '/', 'http://folio.invalid');
    if (url.pathname === '/sync/v1/events') return serveSyncEvents(app, req, res, url);
    if (isApiPath(url.pathname)) return handleApi(app, req, res, url, listenUrl());
    if (url.pathname.startsWith('/trpc/')) return trpc(req, res);
    if (url.pathname.startsWith('/files/')) return serveDownload(app.db, app.clock, req, res, url);
    if (url.pathname.startsWith('/pdf/')) {
      // A PDF renders the read model: as it is after every acknowledged keystroke.
      refreshStalePageBodies(app);
      return servePdf(app.db, app.clock, req, res, url, baseUrlOf(req, listenUrl()));
    }
    if (url.pathname.startsWith('/integrations/')) return serveIntegrationFile(app.db, req, res, url);
    if (url.pathname.startsWith('/sites/')) return serveSitePreview(app, req, res, url, listenUrl());
    if (url.pathname.startsWith('/sso/')) return serveSso(app, req, res, url, listenUrl());
    if (url.pathname.startsWith('/hooks/git/')) return serveGitWebhook(app, req, res, url);
    // A site's custom hostname pointed at this host: its pages, at the root of that hostname.
    const site = siteOfHost(app, req.headers.host);
    if (site) return serveSitePreview(app, req, res, new URL(`/sites/${site.id}${url.pathname}${url.search}`, url), listenUrl());
    return serveRenderer(req, res, url.pathname);
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    noteRequestArrived(req);
    // A write after the end is an 'error' event: with no listener, Node would throw it at the process.
    res.on('error', (error) => {
      const { method, path } = labelOf(req);
      console.error(`[folio] response failed while serving ${method} ${path}:`, error);
    });
    answeringFailures(failureKindOf(req.url ?? '/'), req, res, () => route(req, res));
  };
}

function isApiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/') || pathname.startsWith('/sync/');
}

/** Programs call /v1, /sync, /trpc and /sso/exchange (a JSON 500); people open everything else (a page). */
function failureKindOf(target: string): SurfaceKind {
  return /^\/(v1|sync|trpc)(\/|$|\?)|^\/sso\/exchange/.test(target) ? 'json' : 'html';
}

function siteOfHost(app: FolioApp, host: string | undefined) {
  const name = host?.replace(/:\d+$/, '').toLowerCase();
  return name && name.split('.').length >= 3 ? siteWithHostname(app.db, name) : undefined;
}

/** Listens on host:port (port 0: any free port) and resolves once ready. */
export async function startHost(app: FolioApp, options: { port: number; host?: string }): Promise<Host> {
  const host = options.host ?? '127.0.0.1';
  let url = '';
  // SafeServerResponse: no header value, whatever the data, can make a response throw (see safe-response.ts).
  const server = createServer({ ServerResponse: SafeServerResponse }, createRequestListener(app, () => url));
  // Idle keep-alive connections stay open 65 s, not Node's 5 s: a client that pauses between requests (a
  // script running git between two calls, a proxy with a 60 s idle timeout) would otherwise send its next
  // request on a socket the server is closing at that moment, and see ECONNRESET. Headers must still arrive
  // within a bound longer than that.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Open documents edited live and presence (docs/live.md) upgrade to a WebSocket on this same host.
  const live = new LiveChannel(app);
  server.on('upgrade', (req, socket, head) => live.handleUpgrade(req, socket, head));
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
    live,
    close: () =>
      new Promise<void>((resolve) => {
        live.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
