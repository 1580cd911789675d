import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../src-main/trpc/router';

/** The renderer's client, over HTTP to a test server's /trpc, sending this token. */
export function trpcClient(url: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${url}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}

/** The error a call rejects with: its tRPC code, HTTP status and message. Fails the test if the call succeeds. */
export async function trpcError(call: Promise<unknown>): Promise<{ code?: string; httpStatus?: number; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a TRPCClientError, got ${String(error)}`);
  const data = (error as TRPCClientError<AppRouter>).data;
  return { code: data?.code, httpStatus: data?.httpStatus, message: error.message };
}
