/** A refusal that retrying cannot fix (another protocol version, a revoked token): syncing stops. */
export class FatalSyncError extends Error {}

interface RemoteCallOptions {
  /** The server's address, without a trailing slash. */
  base: string;
  token: string;
  fetch: typeof fetch;
  /** How long the server may stay silent: before its answer starts (plus time to upload), or between its chunks. */
  silenceMs: number;
  /** Aborted when the client stops, so closing the app never waits on a server that does not answer. */
  halt: AbortSignal;
}

/** Every sync call is a POST of a JSON body (the events stream, the one GET, is event-stream.ts). */
export type RemoteCall = (path: string, body: unknown) => Promise<unknown>;

/**
 * The slowest upload a call allows for before the answer must start: 8 KiB/s (a poor mobile link), so a
 * push of 1 MiB gets two more minutes and a blob batch of 4 MiB eight more.
 */
const SLOWEST_UPLOAD_BYTES_PER_MS = 8;

/**
 * One JSON POST to the team server. A server that goes silent is given up on: Node's fetch would wait five
 * minutes for an answer to start and forever between its chunks, and sync would stall that long. Silence
 * is what counts, not the whole call, so a large answer on a slow but moving link still arrives. A failure
 * says what happened in words the sync status can show as they are.
 */
export function remoteCaller({ base, token, fetch, silenceMs, halt }: RemoteCallOptions): RemoteCall {
  return async (path, body) => {
    const payload = JSON.stringify(body);
    const silence = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const quietFor = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => silence.abort(), ms);
    };
    let response: Response | undefined;
    let text = '';
    try {
      quietFor(silenceMs + Buffer.byteLength(payload) / SLOWEST_UPLOAD_BYTES_PER_MS);
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: payload,
        signal: AbortSignal.any([silence.signal, halt]),
      });
      text = await readText(response, () => quietFor(silenceMs));
    } catch (error) {
      const why = silence.signal.aborted ? `${response ? 'its answer stopped coming for' : 'no answer within'} ${duration(silenceMs)}` : (error as Error).message;
      throw new Error(`Cannot reach ${base}: ${why}`);
    } finally {
      clearTimeout(timer);
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

/** The answer's text, calling `progress` as each chunk arrives. */
async function readText(response: Response, progress: () => void): Promise<string> {
  progress();
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body) {
    progress();
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
