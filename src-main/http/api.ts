import type { IncomingMessage, ServerResponse } from 'node:http';
import { callContext, type FolioApp } from '../app/app';
import { authenticate } from '../auth/authenticate';
import { refreshStalePageBodies } from '../content/stale-bodies';
import { FolioError } from '../errors';
import { baseUrlOf } from './base-url';
import { readJsonBody } from './body';
import { discardBody } from './discard-body';
import { errorBody, errorToResponse } from './errors';
import type { Route, RouteMatch, RouteResult } from './router';
import { parseRouteInput } from './validate';
import { refusingWrites } from '../store/query-only';
import { withReadSnapshot } from '../store/read-snapshot';
import type { UserRow } from '../store/users';

/** /v1 and /sync: authenticate, route, read the JSON body, run the handler; every outcome is a JSON answer. */
export function handleApi(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL, listenUrl: string): void | Promise<void> {
  if (isBodylessRead(req)) return answerBodylessRead(app, req, res, url, listenUrl);
  return answerWithBody(app, req, res, url, listenUrl);
}

async function answerWithBody(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL, listenUrl: string): Promise<void> {
  let result: RouteResult;
  try {
    const routed = authenticateAndRoute(app, req, url);
    if ('status' in routed) result = routed;
    else {
      const body = await readJsonBody(req);
      result = await (routed.route.spec.effect === 'read'
        ? withReadSnapshot(app.db, () => runHandler(app, req, url, listenUrl, routed, body))
        : runHandler(app, req, url, listenUrl, routed, body));
    }
  } catch (error) {
    result = errorToResponse(error, req);
  }
  sendApiResult(res, result);
  // An early answer (401, 404, 413, 415, ...) leaves the body unread: read it away (bounded), never reset the
  // connection under a client still sending, or it sees ECONNRESET instead of the answer.
  discardBody(req);
}

/**
 * A GET without a body (nearly every read) is answered as soon as its headers arrive. A route declared
 * `read` runs its statements in one read snapshot (store/read-snapshot.ts): one read transaction instead of
 * one per statement. There is no body to wait for or discard (Node drains the empty message itself).
 */
function answerBodylessRead(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL, listenUrl: string): void | Promise<void> {
  let result: RouteResult | Promise<RouteResult>;
  try {
    const match = matchOrUndefined(app, req, url);
    const answer = () => {
      const routed = authenticateAndRoute(app, req, url, match);
      return 'status' in routed ? routed : runHandler(app, req, url, listenUrl, routed, undefined);
    };
    // A miss answers 401 or 404 after reading the token: a snapshot as for a read.
    result = match?.kind === 'found' && match.route.spec.effect === 'write' ? answer() : withReadSnapshot(app.db, answer);
  } catch (error) {
    result = errorToResponse(error, req);
  }
  if (!(result instanceof Promise)) return sendApiResult(res, result);
  return result.then(
    (answer) => sendApiResult(res, answer),
    (error: unknown) => sendApiResult(res, errorToResponse(error, req)),
  );
}

function isBodylessRead(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (req.method === 'GET' || req.method === 'HEAD') && (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

type Routed = { user: UserRow; route: Route; params: Record<string, string> };

/** The route a request reaches, undefined when its path is malformed (answered after the token is read). */
function matchOrUndefined(app: FolioApp, req: IncomingMessage, url: URL): RouteMatch | undefined {
  try {
    return app.router.match(req.method ?? 'GET', url.pathname);
  } catch {
    return undefined;
  }
}

function authenticateAndRoute(app: FolioApp, req: IncomingMessage, url: URL, known?: RouteMatch): Routed | RouteResult {
  // Authentication first: a request without a valid token learns nothing of the paths, malformed or not.
  const user = authenticate(app.db, req.headers.authorization, app.clock.now().toISOString());
  const match = known ?? app.router.match(req.method ?? 'GET', url.pathname);
  if (match.kind === 'none') {
    return { status: 404, body: errorBody(404, `No API endpoint at ${req.method} ${url.pathname}`) };
  }
  if (match.kind === 'wrong-method') {
    const error = new FolioError('method_not_allowed', `${req.method} is not supported on ${url.pathname} (allowed: ${match.allowed.join(', ')})`);
    return { ...errorToResponse(error, req), headers: { Allow: match.allowed.join(', ') } };
  }
  return { user, route: match.route, params: match.params };
}

function runHandler(app: FolioApp, req: IncomingMessage, url: URL, listenUrl: string, routed: Routed, rawBody: unknown): RouteResult | Promise<RouteResult> {
  const ctx = callContext(app, routed.user, baseUrlOf(req, listenUrl), 'api');
  const { spec, handler } = routed.route;
  const { query, body } = parseRouteInput(spec, url, rawBody);
  // Right before the handler, so it reads every keystroke acknowledged until now. The sync exchange moves
  // documents, never the read model, so it leaves the refresh to readers.
  if (!url.pathname.startsWith('/sync/')) refreshStalePageBodies(app);
  const input = { ctx, params: routed.params, query, body, req };
  return spec.effect === 'read' && app.config.checkReadRoutes ? refusingWrites(app.db, () => handler(input)) : handler(input);
}

export function sendApiResult(res: ServerResponse, result: RouteResult): void {
  // nosniff on every answer, errors and empty ones included: a client takes the JSON as JSON.
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...result.headers, 'X-Content-Type-Options': 'nosniff' };
  if (result.body === undefined || result.status === 204 || result.status === 205) {
    res.writeHead(result.status, headers).end();
    return;
  }
  if (result.body instanceof Uint8Array) {
    // A download (an export's zip, a page's file): the route names its Content-Type.
    res.writeHead(result.status, { 'Content-Type': 'application/octet-stream', ...headers, 'Content-Length': String(result.body.byteLength) }).end(result.body);
    return;
  }
  // Encoded once: measuring the string's UTF-8 length and then encoding it to write would walk it twice.
  const payload = Buffer.from(JSON.stringify(result.body));
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = String(payload.byteLength);
  res.writeHead(result.status, headers).end(payload);
}
