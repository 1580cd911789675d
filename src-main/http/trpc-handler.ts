import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { callContext, type FolioApp } from '../app/app';
import { authenticate } from '../auth/authenticate';
import { isFolioError } from '../errors';
import { appRouter } from '../trpc/router';
import type { TrpcContext } from '../trpc/trpc';
import { baseUrlOf } from './base-url';
import { discardBody } from './discard-body';

/** tRPC calls carry base64 payloads of up to 8 MiB each (uploads, imports), and a batch may hold several. */
export const MAX_TRPC_BODY_BYTES = 64 * 1024 * 1024;

/**
 * /trpc: the renderer's API in a browser. A body over MAX_TRPC_BODY_BYTES is a PAYLOAD_TOO_LARGE (413) in tRPC's
 * own error shape: at once when its Content-Length says so, else once tRPC has counted that far. Either way
 * the rest of the body is read away after the answer (bounded), so the client reads the 413.
 */
export function createTrpcHandler(app: FolioApp, listenUrl: () => string) {
  const handler = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    maxBodySize: MAX_TRPC_BODY_BYTES,
    middleware: (req, _res, next) => next(declaredTooLarge(req) ? new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: tooLargeMessage }) : undefined),
    createContext: ({ req }): TrpcContext => {
      const baseUrl = baseUrlOf(req, listenUrl());
      let user: TrpcContext['user'];
      try {
        user = authenticate(app.db, req.headers.authorization, app.clock.now().toISOString());
      } catch (error) {
        if (!isFolioError(error)) throw error;
      }
      return callContext(app, user, baseUrl, 'ui');
    },
  });
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.once('finish', () => discardBody(req));
    handler(req, res);
  };
}

const tooLargeMessage = `Request body is larger than ${MAX_TRPC_BODY_BYTES} bytes`;

function declaredTooLarge(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > MAX_TRPC_BODY_BYTES;
}
