/** What the page shows for a failed call. */
interface DescribedError {
  message: string;
  /** The server rejected the token: the browser returns to the sign-in form. */
  unauthorized: boolean;
}

interface ErrorData {
  code?: unknown;
  httpStatus?: unknown;
}

/**
 * Turns a thrown value into words. A tRPC error from the server carries `data.code` and the server's own
 * message, which is shown as it is; a tRPC error without `data` never reached the server (the network failed).
 */
export function describeError(error: unknown): DescribedError {
  if (!(error instanceof Error)) return { message: `Unexpected error: ${String(error)}`, unauthorized: false };
  const data = (error as Error & { data?: ErrorData | null }).data;
  if (data && typeof data === 'object') {
    const unauthorized = data.code === 'UNAUTHORIZED' || data.httpStatus === 401;
    return { message: error.message, unauthorized };
  }
  if (error.name === 'TRPCClientError') {
    return { message: `Could not reach the Folio server (${error.message}).`, unauthorized: false };
  }
  return { message: error.message, unauthorized: false };
}
