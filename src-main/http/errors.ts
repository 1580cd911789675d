import { type ErrorKind, isFolioError, TooManyRequestsError } from '../errors';
import type { IncomingMessage } from 'node:http';
import { labelOf } from './request-context';

/** The one mapping from Folio's error vocabulary to HTTP status codes. */
export const STATUS_OF: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  not_implemented: 501,
};

/** GitBook's error body: `{"error":{"code","message"}}`, `code` being the HTTP status. */
export function errorBody(status: number, message: string) {
  return { error: { code: status, message } };
}

/** `req`, when given, names the request in the log of an unexpected error (its method and path only). */
export function errorToResponse(error: unknown, req?: IncomingMessage): { status: number; body: ReturnType<typeof errorBody>; headers?: Record<string, string> } {
  if (isFolioError(error)) {
    const status = STATUS_OF[error.kind];
    // A refused rate limit says when to try again, in seconds, beside the error body.
    const headers = error instanceof TooManyRequestsError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
    return { status, body: errorBody(status, error.message), ...(headers && { headers }) };
  }
  const label = req && labelOf(req);
  console.error(`[folio] unexpected error while ${label ? `serving ${label.method} ${label.path}` : 'handling a request'}:`, error);
  return { status: 500, body: errorBody(500, 'Internal error: the request could not be completed') };
}
