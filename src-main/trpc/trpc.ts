import { initTRPC, TRPCError } from '@trpc/server';
import type { CallContext } from '../app/context';
import { type ErrorKind, isFolioError } from '../errors';

const CODE_OF: Record<ErrorKind, TRPCError['code']> = {
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  method_not_allowed: 'METHOD_NOT_SUPPORTED',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The context of a tRPC call: `user` is absent when an HTTP caller sent no valid token. */
export type TrpcContext = Omit<CallContext, 'user'> & { user?: CallContext['user'] };

const t = initTRPC.context<TrpcContext>().create();

export const router = t.router;

/** Every Folio procedure: requires a user, and turns Folio's errors into tRPC's codes with the same message. */
export const procedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Missing or invalid API token' });
  const result = await next({ ctx: { ...ctx, user: ctx.user } });
  if (!result.ok && isFolioError(result.error.cause)) {
    throw new TRPCError({ code: CODE_OF[result.error.cause.kind], message: result.error.cause.message, cause: result.error.cause });
  }
  return result;
});
