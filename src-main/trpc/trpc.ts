import type { z } from 'zod';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CallContext } from '../app/context';
import { type ErrorKind, isFolioError } from '../errors';
import { describeIssue } from '../http/validate';
import { refreshStalePageBodies } from '../content/stale-bodies';

const CODE_OF: Record<ErrorKind, TRPCError['code']> = {
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  method_not_allowed: 'METHOD_NOT_SUPPORTED',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  too_many_requests: 'TOO_MANY_REQUESTS',
  not_implemented: 'NOT_IMPLEMENTED',
};

/** The context of a tRPC call: `user` is absent when an HTTP caller sent no valid token. */
export type TrpcContext = Omit<CallContext, 'user'> & { user?: CallContext['user'] };

const t = initTRPC.context<TrpcContext>().create();

export const router = t.router;

/** An input the procedure's schema refused, in the words /v1 uses for the same schema. */
function describeInputError(cause: unknown): string | undefined {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return describeIssue(issues[0] as z.core.$ZodIssue, 'input');
}

/**
 * Every Folio procedure: requires a user, turns Folio's errors into tRPC's codes with the same message, and
 * says what was wrong with a refused input as /v1 does.
 */
const folioProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Missing or invalid API token' });
  const result = await next({ ctx: { ...ctx, user: ctx.user } });
  if (result.ok) return result;
  const { cause } = result.error;
  if (isFolioError(cause)) {
    throw new TRPCError({ code: CODE_OF[cause.kind], message: cause.message, cause });
  }
  const inputError = result.error.code === 'BAD_REQUEST' ? describeInputError(cause) : undefined;
  if (inputError) throw new TRPCError({ code: 'BAD_REQUEST', message: inputError, cause });
  return result;
});

/**
 * The editor's own body calls (pull and push while typing): they read and write documents only, so they do
 * not bring the markdown read model up to date first, which would cost a keystroke the whole page.
 */
export const liveProcedure = folioProcedure;

/** Every other procedure reads the read model as it is after every acknowledged keystroke (content/stale-bodies.ts). */
export const procedure = folioProcedure.use(({ ctx, next }) => {
  refreshStalePageBodies(ctx);
  return next();
});
