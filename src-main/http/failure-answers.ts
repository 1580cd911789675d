import type { IncomingMessage, ServerResponse } from 'node:http';
import { discardBody } from './discard-body';
import { errorBody } from './errors';
import { labelOf } from './request-context';

/** How a surface answers a failure: the API's JSON error body, or a page a person reads. */
export type SurfaceKind = 'json' | 'html';

/**
 * Runs one surface's handler so that nothing it throws, synchronously or as a rejected promise, can end the
 * process or leave the client waiting: the failure is logged with the request and answered with a 500 (or,
 * once the answer has begun, the response is cut short so the client sees it failed).
 */
export function answeringFailures(kind: SurfaceKind, req: IncomingMessage, res: ServerResponse, handle: () => unknown): void {
  const fail = (error: unknown) => answerUnexpected(kind, req, res, error);
  try {
    const result = handle();
    if (result instanceof Promise) result.catch(fail);
  } catch (error) {
    fail(error);
  }
}

function answerUnexpected(kind: SurfaceKind, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const { method, path } = labelOf(req);
  console.error(`[folio] unexpected error while serving ${method} ${path}:`, error);
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    // Nothing the failed handler set (cookies, a half-made Content-Disposition) belongs on the 500.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const [type, body] =
      kind === 'json'
        ? ['application/json; charset=utf-8', JSON.stringify(errorBody(500, 'Internal error: the request could not be completed'))]
        : ['text/html; charset=utf-8', INTERNAL_ERROR_PAGE];
    res
      .writeHead(500, {
        'Content-Type': type,
        'Content-Length': String(Buffer.byteLength(body)),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        ...(kind === 'html' ? { 'Content-Security-Policy': "default-src 'none'" } : {}),
      })
      .end(req.method === 'HEAD' ? undefined : body);
    discardBody(req);
  } catch (answerError) {
    console.error('[folio] could not answer the failure either; closing the connection:', answerError);
    res.destroy();
  }
}

const INTERNAL_ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong · Folio</title></head>
<body><main><h1>Something went wrong</h1><p>This address could not be served. Try again.</p></main></body></html>`;
