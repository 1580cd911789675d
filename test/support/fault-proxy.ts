import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One HTTP request as the proxy received it from a client. */
export interface ProxiedRequest {
  /** 1, 2, 3… in the order the proxy finished reading them. */
  id: number;
  /** The client connection it came on (1, 2, 3… in the order they were accepted). */
  connection: number;
  method: string;
  /** Path and query, as on the request line. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body (chunked bodies decoded). */
  body: Buffer;
  /** The request exactly as it came, head and body: what the proxy forwards, cuts or sends twice. */
  raw: Buffer;
  /** The status the server answered it with, once the answer's head has gone back through the proxy. */
  status?: number;
  /** When the proxy last sent it on to the server (Date.now()). */
  forwardedAt?: number;
  /** Bytes of its answer that went back to the client (head included). */
  answeredBytes: number;
}

/** A whole answer read by the proxy itself (a duplicate's, a replayed request's). */
export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Which requests a fault applies to: method and/or path (a string is the path without the query). */
export type Match = { method?: string; path?: string | RegExp } | ((request: ProxiedRequest) => boolean);

/** A fault in place: how often it has struck, and a promise for the first time it has done all it does. */
export interface Fault {
  readonly hits: number;
  /** Settles with the request the fault struck last, once it has struck `times` times and done all it does. */
  readonly done: Promise<ProxiedRequest>;
  remove(): void;
}

/** Requests kept back by `hold`, to be released later in any order. */
export interface Hold {
  /** Held requests, oldest first, not yet released. */
  readonly held: readonly ProxiedRequest[];
  /** Resolves once at least `count` requests are held. */
  waitFor(count: number, timeoutMs?: number): Promise<readonly ProxiedRequest[]>;
  /**
   * Sends the held requests to the server one at a time, in this order (ids; default oldest first), each
   * answered before the next goes. A request whose client has gone still reaches the server; its answer is
   * read and dropped. Holding stops.
   */
  release(order?: readonly number[]): Promise<void>;
}

export interface ProxyStats {
  connections: number;
  requests: number;
  /** Bytes from clients to the proxy. */
  bytesUp: number;
  /** Bytes from the proxy to clients. */
  bytesDown: number;
}

export interface FaultProxy {
  /** `http://127.0.0.1:PORT`: give this to the client instead of the server's address. */
  readonly url: string;
  readonly port: number;
  /** Every request seen since the last resetStats, oldest first. */
  readonly requests: readonly ProxiedRequest[];
  /** Where requests go from now on (open connections keep their server until they end). */
  setTarget(url: string): void;
  /** Counts since the proxy started or since the last resetStats. */
  stats(): ProxyStats;
  resetStats(): void;
  /** Client connections open now, with the path of the last request each carried. */
  openConnections(): Array<{ id: number; lastPath?: string }>;
  /** Closes the port (new connections are refused) and cuts every open connection: the server is down. */
  down(): Promise<void>;
  /** Listens on the same port again. */
  up(): Promise<void>;
  /** Cuts open connections now (those whose last request matches, or all). */
  cutConnections(match?: Match): number;
  /** Forwards the first `bytes` bytes of a matching request (head and body), then cuts the connection. */
  cutRequest(match: Match, bytes: number | ((request: ProxiedRequest) => number), times?: number): Fault;
  /** Passes the first `bytes` bytes of the answer to a matching request back, then cuts the connection. */
  cutResponse(match: Match, bytes: number | ((request: ProxiedRequest) => number), times?: number): Fault;
  /** Waits `ms` before forwarding a matching request (direction 'request') or its answer ('response'). */
  delay(match: Match, ms: number, options?: { direction?: 'request' | 'response'; times?: number }): Fault;
  /**
   * Sends a matching request to the server twice and answers the client with one answer. `second` (the
   * default): a copy goes first and its answer is dropped, then the client's own goes and is answered.
   * `first`: the client's goes and is answered, then the copy arrives late and its answer is dropped.
   */
  duplicate(match: Match, options?: { answer?: 'first' | 'second'; times?: number }): Fault;
  /** Keeps matching requests back (their clients wait) until `release`. */
  hold(match: Match): Hold;
  /** Sends a request seen earlier to the server again, on a connection of its own, and reads the answer. */
  replay(request: ProxiedRequest): Promise<ProxiedResponse>;
  /** Removes every fault and hold (held requests are dropped with their connections). */
  clearFaults(): void;
  close(): Promise<void>;
}

const CRLF2 = Buffer.from('\r\n\r\n');

interface Head {
  startLine: string;
  headers: Record<string, string>;
}

function parseHead(bytes: Buffer): Head {
  const [startLine = '', ...lines] = bytes.toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { startLine, headers };
}

interface Message {
  head: Head;
  body: Buffer;
  raw: Buffer;
}

/**
 * Finds where HTTP/1.1 messages start and end in a byte stream (Content-Length, chunked, or no body), so the
 * proxy can act on whole requests and know when an answer is over. Answers without a length (a stream of
 * events) end only when the connection does.
 */
class MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  private head?: Head;
  private mode: 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'trailer' | 'until-close' = 'head';
  private remaining = 0;
  private bodyParts: Buffer[] = [];
  private rawParts: Buffer[] = [];
  /** Answers to requests that had no body by definition (HEAD), oldest first: set by the owner. */
  noBody: () => boolean = () => false;

  constructor(
    private readonly kind: 'request' | 'response',
    private readonly keepRaw: boolean,
  ) {}

  /** Feeds bytes; returns the messages they completed. */
  push(chunk: Buffer): Message[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const done: Message[] = [];
    for (;;) {
      const message = this.step();
      if (message === 'more') return done;
      if (message) done.push(message);
    }
  }

  private take(count: number): Buffer {
    const part = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    if (this.keepRaw) this.rawParts.push(part);
    return part;
  }

  private step(): Message | undefined | 'more' {
    switch (this.mode) {
      case 'head': {
        const end = this.buffer.indexOf(CRLF2);
        if (end < 0) return 'more';
        const bytes = this.take(end + 4);
        this.head = parseHead(bytes.subarray(0, end));
        const { headers, startLine } = this.head;
        const status = Number(startLine.split(' ')[1]);
        if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) this.mode = 'chunk-size';
        else if (headers['content-length'] !== undefined) {
          this.remaining = Number(headers['content-length']);
          this.mode = 'length';
        } else if (this.kind === 'request' || status === 204 || status === 304 || (status >= 100 && status < 200) || this.noBody()) {
          this.remaining = 0;
          this.mode = 'length';
        } else this.mode = 'until-close';
        return undefined;
      }
      case 'length': {
        if (this.remaining > 0) {
          if (this.buffer.length === 0) return 'more';
          const part = this.take(Math.min(this.remaining, this.buffer.length));
          this.bodyParts.push(part);
          this.remaining -= part.length;
          if (this.remaining > 0) return 'more';
        }
        return this.finish();
      }
      case 'chunk-size': {
        const end = this.buffer.indexOf('\r\n');
        if (end < 0) return 'more';
        const size = parseInt(this.take(end + 2).toString('latin1'), 16);
        if (size === 0) this.mode = 'trailer';
        else {
          this.remaining = size + 2;
          this.mode = 'chunk-data';
        }
        return undefined;
      }
      case 'chunk-data': {
        if (this.buffer.length === 0) return 'more';
        const part = this.take(Math.min(this.remaining, this.buffer.length));
        this.remaining -= part.length;
        // The chunk's closing CRLF is not body.
        const data = this.remaining >= 2 ? part : part.subarray(0, Math.max(0, part.length - (2 - this.remaining)));
        this.bodyParts.push(data);
        if (this.remaining === 0) this.mode = 'chunk-size';
        return this.remaining === 0 ? undefined : 'more';
      }
      case 'trailer': {
        const end = this.buffer.indexOf('\r\n');
        if (end < 0) return 'more';
        this.take(end + 2);
        return end === 0 ? this.finish() : undefined;
      }
      case 'until-close': {
        if (this.buffer.length === 0) return 'more';
        this.bodyParts.push(this.take(this.buffer.length));
        return 'more';
      }
    }
  }

  private finish(): Message {
    const message = { head: this.head!, body: Buffer.concat(this.bodyParts), raw: Buffer.concat(this.rawParts) };
    this.head = undefined;
    this.bodyParts = [];
    this.rawParts = [];
    this.mode = 'head';
    return message;
  }
}

function matches(match: Match, request: ProxiedRequest): boolean {
  if (typeof match === 'function') return match(request);
  if (match.method && match.method.toUpperCase() !== request.method) return false;
  if (match.path === undefined) return true;
  if (typeof match.path === 'string') return request.path.split('?')[0] === match.path;
  return match.path.test(request.path);
}

type RuleKind = 'cutRequest' | 'cutResponse' | 'delayRequest' | 'delayResponse' | 'duplicate';

interface Rule {
  kind: RuleKind;
  match: Match;
  times: number;
  hits: number;
  bytes?: number | ((request: ProxiedRequest) => number);
  ms?: number;
  answer?: 'first' | 'second';
  last?: ProxiedRequest;
  settle: (request: ProxiedRequest) => void;
  removed: boolean;
}

interface HoldState {
  match: Match;
  active: boolean;
  waiting: Array<{ request: ProxiedRequest; go: () => void; connection: Connection }>;
  watchers: Array<() => void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Both ends of one client connection and what is going on in it. */
interface Connection {
  id: number;
  client: Socket;
  upstream?: Socket;
  upstreamReady?: Promise<Socket | undefined>;
  closed: boolean;
  /** The last request that came on it. */
  last?: ProxiedRequest;
  /** Requests are handled one after another, as they came. */
  chain: Promise<void>;
  /** The request whose answer is coming back now. */
  answering?: ProxiedRequest;
  /** Answer bytes still allowed through before the cut (for the request being answered). */
  responseBudget?: number;
  responseDelay?: number;
  responseChain: Promise<void>;
  responses: MessageReader;
  /** Resolves when the answer to the request in flight has fully come back. */
  onAnswered?: () => void;
}

/**
 * A TCP proxy on 127.0.0.1 that a test controls, with enough HTTP/1.1 understanding to act on whole
 * requests: pass-through; cut a connection after N bytes of a request or of its answer; delays; a request
 * sent to the server twice; requests held and released in another order; a port that refuses connections
 * (the server is down); counts of connections, requests and bytes. Each client connection gets its own
 * connection to the server, as if the proxy were not there.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let targetUrl = new URL(target);
  const rules: Rule[] = [];
  const holds: HoldState[] = [];
  const connections = new Map<number, Connection>();
  /** Held requests thrown away by clearFaults: never sent. */
  const dropped = new WeakSet<ProxiedRequest>();
  let requests: ProxiedRequest[] = [];
  let stats: ProxyStats = { connections: 0, requests: 0, bytesUp: 0, bytesDown: 0 };
  let nextConnection = 0;
  let nextRequest = 0;
  let listening = false;

  const server: Server = createServer((client) => accept(client));
  await listen(0);
  const port = (server.address() as AddressInfo).port;

  function listen(on: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        listening = true;
        resolve();
      });
    });
  }

  function close(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection.id);
    connection.client.destroy();
    connection.upstream?.destroy();
    connection.onAnswered?.();
  }

  function accept(client: Socket): void {
    const connection: Connection = {
      id: ++nextConnection,
      client,
      closed: false,
      chain: Promise.resolve(),
      responseChain: Promise.resolve(),
      responses: new MessageReader('response', false),
    };
    connection.responses.noBody = () => connection.answering?.method === 'HEAD';
    connections.set(connection.id, connection);
    stats.connections += 1;
    const reader = new MessageReader('request', true);
    client.on('data', (chunk: Buffer) => {
      stats.bytesUp += chunk.length;
      for (const message of reader.push(chunk)) {
        const [method = '', path = ''] = message.head.startLine.split(' ');
        const request: ProxiedRequest = {
          id: ++nextRequest,
          connection: connection.id,
          method: method.toUpperCase(),
          path,
          headers: message.head.headers,
          body: message.body,
          raw: message.raw,
          answeredBytes: 0,
        };
        stats.requests += 1;
        requests.push(request);
        connection.last = request;
        connection.chain = connection.chain.then(() => handle(connection, request)).catch(() => close(connection));
      }
    });
    client.on('error', () => close(connection));
    client.on('close', () => close(connection));
  }

  function rule(kind: RuleKind, request: ProxiedRequest): Rule | undefined {
    const found = rules.find((r) => !r.removed && r.kind === kind && r.hits < r.times && matches(r.match, request));
    if (!found) return undefined;
    found.hits += 1;
    found.last = request;
    return found;
  }

  /** A fault has done all it does to this request: `done` settles once it has done so `times` times. */
  function struck(found: Rule | undefined, request: ProxiedRequest): void {
    if (found && found.hits >= found.times) found.settle(request);
  }

  function upstreamOf(connection: Connection): Promise<Socket | undefined> {
    connection.upstreamReady ??= new Promise((resolve) => {
      const socket = connect(Number(targetUrl.port), targetUrl.hostname);
      socket.once('connect', () => resolve(socket));
      socket.once('error', () => {
        resolve(undefined);
        close(connection);
      });
      // The server hung up: the client gets what it had sent (delayed bytes included), then the same. A socket
      // destroyed while still connecting (its client left) says only this: without the resolve, it would hang.
      socket.on('close', () => {
        resolve(undefined);
        void connection.responseChain.then(() => close(connection));
      });
      socket.on('data', (chunk: Buffer) => answer(connection, chunk));
      connection.upstream = socket;
    });
    return connection.upstreamReady;
  }

  /** Bytes of an answer on their way back to the client: counted, maybe delayed, maybe cut. */
  function answer(connection: Connection, chunk: Buffer): void {
    const request = connection.answering;
    const delay = connection.responseDelay;
    connection.responseChain = connection.responseChain.then(async () => {
      if (delay) await sleep(delay);
      if (connection.closed) return;
      let part = chunk;
      let cut = false;
      if (connection.responseBudget !== undefined) {
        if (part.length >= connection.responseBudget) {
          part = part.subarray(0, connection.responseBudget);
          cut = true;
        }
        connection.responseBudget -= part.length;
      }
      if (request && request.status === undefined) {
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(part.toString('latin1'));
        if (status) request.status = Number(status[1]);
      }
      stats.bytesDown += part.length;
      if (request) request.answeredBytes += part.length;
      if (cut) {
        connection.client.write(part, () => close(connection));
        return;
      }
      connection.client.write(part);
      if (connection.responses.push(part).length > 0) {
        connection.answering = undefined;
        connection.responseDelay = undefined;
        connection.onAnswered?.();
      }
    });
  }

  /**
   * Forwards one request on the client's own connection and waits until its answer is back. False when it
   * was not sent: the client left (or the server could not be reached) before it could be.
   */
  async function forward(
    connection: Connection,
    request: ProxiedRequest,
    options: { cutAfter?: number; responseBudget?: number; responseDelay?: number },
  ): Promise<boolean> {
    const upstream = await upstreamOf(connection);
    if (!upstream || connection.closed) return false;
    if (options.cutAfter !== undefined) {
      request.forwardedAt = Date.now();
      await new Promise<void>((resolve) => upstream.write(request.raw.subarray(0, options.cutAfter), () => resolve()));
      close(connection);
      return true;
    }
    const answered = new Promise<void>((resolve) => (connection.onAnswered = resolve));
    connection.answering = request;
    connection.responseBudget = options.responseBudget;
    connection.responseDelay = options.responseDelay;
    request.forwardedAt = Date.now();
    upstream.write(request.raw);
    await answered;
    return true;
  }

  async function handle(connection: Connection, request: ProxiedRequest): Promise<void> {
    const hold = holds.find((h) => h.active && matches(h.match, request));
    if (hold) {
      await new Promise<void>((go) => {
        hold.waiting.push({ request, go, connection });
        for (const watcher of hold.watchers.splice(0)) watcher();
      });
    }
    const delay = rule('delayRequest', request);
    if (delay) await sleep(delay.ms!);
    struck(delay, request);
    // Released after its client went away: the server still gets it, and nobody reads the answer.
    const deliverOrphan = async () => {
      if (hold && !dropped.has(request)) await replay(request).catch(() => undefined);
    };
    if (connection.closed) return deliverOrphan();
    const bytesOf = (r: Rule) => (typeof r.bytes === 'function' ? r.bytes(request) : r.bytes!);
    const cutRequest = rule('cutRequest', request);
    if (cutRequest) {
      await forward(connection, request, { cutAfter: bytesOf(cutRequest) });
      return struck(cutRequest, request);
    }
    const cutResponse = rule('cutResponse', request);
    const responseDelay = rule('delayResponse', request);
    const duplicate = rule('duplicate', request);
    if (duplicate && duplicate.answer !== 'first') await replay(request).catch(() => undefined);
    const sent = await forward(connection, request, { responseBudget: cutResponse ? bytesOf(cutResponse) : undefined, responseDelay: responseDelay?.ms });
    if (!sent && connection.closed) await deliverOrphan();
    if (duplicate && duplicate.answer === 'first') await replay(request).catch(() => undefined);
    for (const done of [cutResponse, responseDelay, duplicate]) struck(done, request);
  }

  function replay(request: ProxiedRequest): Promise<ProxiedResponse> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(targetUrl.port), targetUrl.hostname);
      const reader = new MessageReader('response', false);
      socket.once('error', reject);
      socket.on('close', () => reject(new Error('the server closed the connection before answering')));
      socket.on('data', (chunk: Buffer) => {
        const [message] = reader.push(chunk);
        if (!message) return;
        resolve({ status: Number(message.head.startLine.split(' ')[1]), headers: message.head.headers, body: message.body });
        socket.destroy();
      });
      request.forwardedAt = Date.now();
      socket.write(request.raw);
    });
  }

  function addRule(kind: RuleKind, match: Match, times: number, extra: Partial<Rule>): Fault {
    let settle!: (request: ProxiedRequest) => void;
    const done = new Promise<ProxiedRequest>((resolve) => (settle = resolve));
    const entry: Rule = { kind, match, times, hits: 0, settle, removed: false, ...extra };
    rules.push(entry);
    return {
      get hits() {
        return entry.hits;
      },
      done,
      remove: () => {
        entry.removed = true;
      },
    };
  }

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return requests;
    },
    setTarget(url) {
      targetUrl = new URL(url);
    },
    stats: () => ({ ...stats }),
    resetStats() {
      stats = { connections: 0, requests: 0, bytesUp: 0, bytesDown: 0 };
      requests = [];
    },
    openConnections: () => [...connections.values()].map(({ id, last }) => ({ id, lastPath: last?.path })),
    async down() {
      if (listening) {
        listening = false;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const connection of connections.values()) close(connection);
        });
      }
    },
    async up() {
      if (!listening) await listen(port);
    },
    cutConnections(match) {
      let cut = 0;
      for (const connection of connections.values()) {
        if (match && (!connection.last || !matches(match, connection.last))) continue;
        close(connection);
        cut += 1;
      }
      return cut;
    },
    cutRequest: (match, bytes, times = 1) => addRule('cutRequest', match, times, { bytes }),
    cutResponse: (match, bytes, times = 1) => addRule('cutResponse', match, times, { bytes }),
    delay: (match, ms, options = {}) =>
      addRule(options.direction === 'response' ? 'delayResponse' : 'delayRequest', match, options.times ?? Number.POSITIVE_INFINITY, { ms }),
    duplicate: (match, options = {}) => addRule('duplicate', match, options.times ?? 1, { answer: options.answer ?? 'second' }),
    hold(match) {
      const state: HoldState = { match, active: true, waiting: [], watchers: [] };
      holds.push(state);
      return {
        get held() {
          return state.waiting.map((w) => w.request);
        },
        async waitFor(count, timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs;
          while (state.waiting.length < count) {
            if (Date.now() > deadline) throw new Error(`only ${state.waiting.length} of ${count} requests were held within ${timeoutMs} ms`);
            await Promise.race([new Promise<void>((resolve) => state.watchers.push(resolve)), sleep(100)]);
          }
          return state.waiting.map((w) => w.request);
        },
        async release(order) {
          state.active = false;
          const ids = order ?? state.waiting.map((w) => w.request.id);
          const waiting = state.waiting.splice(0);
          const byId = new Map(waiting.map((w) => [w.request.id, w]));
          for (const id of ids) {
            const entry = byId.get(id);
            if (!entry) throw new Error(`request ${id} is not held`);
            byId.delete(id);
            entry.go();
            // The next goes only once this one has been answered (or its connection is gone).
            await entry.connection.chain;
          }
          // Any not named: released too, after the others.
          for (const entry of byId.values()) {
            entry.go();
            await entry.connection.chain;
          }
        },
      };
    },
    replay,
    clearFaults() {
      for (const r of rules.splice(0)) r.removed = true;
      for (const hold of holds.splice(0)) {
        hold.active = false;
        for (const waiting of hold.waiting.splice(0)) {
          dropped.add(waiting.request);
          close(waiting.connection);
          waiting.go();
        }
      }
    },
    async close() {
      proxy.clearFaults();
      await proxy.down();
    },
  };
  return proxy;
}
