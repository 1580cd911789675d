/** A refusal that retrying cannot fix (another protocol version, a revoked token): syncing stops. */
export class FatalSyncError extends Error {}

export interface RemoteCallOptions {
  /** The server's address, without a trailing slash. */
  base: string;
  token: string;
  fetch: typeof fetch;
  /** How long one call may take, answer included, before it counts as the server being unreachable. */
  timeoutMs: number;
  /** Aborted when the client stops, so closing the app never waits on a server that does not answer. */
  halt: AbortSignal;
}

/** Every sync call is a POST of a JSON body (the events stream, the one GET, is event-stream.ts). */
export type RemoteCall = (path: string, body: unknown) => Promise<unknown>;

/**
 * One JSON call to the team server. Every call is bounded in time: Node's fetch would otherwise wait five
 * minutes for a server that accepted the connection and then went silent, and sync would stall that long.
 * A failure says what happened in words the sync status can show as they are.
 */
export function remoteCaller({ base, token, fetch, timeoutMs, halt }: RemoteCallOptions): RemoteCall {
  return async (path, body) => {
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), halt]);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      const within = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      const why = (error as Error).name === 'TimeoutError' ? `no answer within ${within}` : (error as Error).message;
      throw new Error(`Cannot reach ${base}: ${why}`);
    }
    let parsed: { error?: { message?: string } } | undefined;
    try {
      parsed = text ? (JSON.parse(text) as typeof parsed) : undefined;
    } catch {
      // A proxy's error page, say: not the team server speaking.
      throw new Error(`${base} answered ${response.status} with something other than JSON`);
    }
    if (response.ok) return parsed;
    const message = parsed?.error?.message ?? `HTTP ${response.status}`;
    if (response.status === 409 || response.status === 401) throw new FatalSyncError(message);
    throw new Error(message);
  };
}
