/**
 * Folio's one error vocabulary. Services throw these; the HTTP layer (http/errors.ts) and the tRPC
 * layer map them to status codes in one place each. Anything else thrown is a bug and becomes a 500.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'method_not_allowed'
  | 'too_many_requests'
  | 'not_implemented';

export class FolioError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'FolioError';
  }
}

export const badRequest = (message: string) => new FolioError('bad_request', message);
export const unauthorized = (message = 'Missing or invalid API token') => new FolioError('unauthorized', message);
export const forbidden = (message: string) => new FolioError('forbidden', message);
export const notFound = (message: string) => new FolioError('not_found', message);
export const conflict = (message: string) => new FolioError('conflict', message);
/** An operation of GitBook's API Folio deliberately does not run (integration code, AI): 501, saying why. */
export const notImplemented = (message: string) => new FolioError('not_implemented', message);

/** A limit on how often something may be done was reached; `retryAfterSeconds` says when it may be done again. */
export class TooManyRequestsError extends FolioError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message);
  }
}

export const tooManyRequests = (message: string, retryAfterSeconds: number) => new TooManyRequestsError(message, retryAfterSeconds);

export function isFolioError(error: unknown): error is FolioError {
  return error instanceof FolioError;
}
