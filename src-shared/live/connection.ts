import * as Y from 'yjs';
import { decodeServerFrame, encodeFrame, FrameKind, LIVE_PATH, type LiveFrame, SyncType } from './protocol';

/** The live channel's WebSocket address on a host at `baseUrl` (`http://…` → `ws://…/live/v1`). */
export function liveUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return `${trimmed.replace(/^http(s?):/i, 'ws$1:')}${LIVE_PATH}`;
}

/** What the live channel needs of one open document on this side: a Y.Doc in a browser, the store on a workstation. */
export interface LiveDocument {
  stateVector(): Uint8Array;
  /** What the holder of `stateVector` lacks (the server's SyncStep1 is answered so). */
  diff(stateVector: Uint8Array): Uint8Array;
  /** A change from the server (someone else's edit, or what this side lacked). */
  apply(update: Uint8Array): void;
  /** The server refused to open the document or an update: the caller falls back (the HTTP exchange, a reload). */
  refused?(message: string): void;
  /** The server committed this side's updates to the document, `count` of them since it was opened. */
  acknowledged?(count: number): void;
  /** Presence from the others (a y-protocols awareness update). */
  presence?(update: Uint8Array): void;
  /** The document is in step with the server (after opening, and after every reconnection). */
  synced?(): void;
}

/** The parts of a WebSocket (the browser's, or the `ws` package's) this client uses. */
export interface SocketLike {
  binaryType: string;
  readyState: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export type LiveState = 'connecting' | 'open' | 'closed';

interface LiveConnectionOptions {
  /** The channel's address: liveUrl(host) for a host at `http://127.0.0.1:5740`. */
  url: string;
  token: string;
  createSocket(url: string): SocketLike;
  /** Runs `run` after `ms` (setTimeout); returns a cancel. Given, so this module needs neither DOM nor Node types. */
  schedule(run: () => void, ms: number): () => void;
  /** A frame failed here (the connection is dropped and re-syncs). */
  onError?(error: unknown): void;
  onState?(state: LiveState, reason?: string): void;
  /** Reconnect after a drop: from this, doubling up to 30 s. 0: never (tests). */
  retryMs?: number;
}

const OPEN = 1;

/**
 * One live connection to a Folio host (docs/live.md) with any number of open documents: authenticates,
 * opens each document with its state vector, applies what the server sends, sends local updates, relays
 * presence, and after a drop reconnects and opens everything again (Yjs makes the re-sync exact).
 */
export class LiveConnection {
  private socket?: SocketLike;
  private readonly documents = new Map<string, LiveDocument>();
  private state: LiveState = 'closed';
  private closedForGood = false;
  private cancelRetry?: () => void;
  private backoff: number;

  constructor(private readonly options: LiveConnectionOptions) {
    this.backoff = options.retryMs ?? 500;
    this.connect();
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** Whether `docId` is open here and the connection is up: its updates travel live. */
  carries(docId: string): boolean {
    return this.state === 'open' && this.documents.has(docId);
  }

  open(docId: string, document: LiveDocument): void {
    this.documents.set(docId, document);
    if (this.state === 'open') this.sendFrame({ docId, kind: FrameKind.SYNC, type: SyncType.STEP1, payload: document.stateVector() });
  }

  close(docId: string): void {
    if (!this.documents.delete(docId)) return;
    if (this.state === 'open') this.sendFrame({ docId, kind: FrameKind.LEAVE });
  }

  /** Sends a local update of an open document; false when it cannot go live now (the caller keeps it for later). */
  sendUpdate(docId: string, update: Uint8Array): boolean {
    if (!this.carries(docId)) return false;
    this.sendFrame({ docId, kind: FrameKind.SYNC, type: SyncType.UPDATE, payload: update });
    return true;
  }

  sendPresence(docId: string, update: Uint8Array): void {
    if (this.carries(docId)) this.sendFrame({ docId, kind: FrameKind.AWARENESS, update });
  }

  /** Closes the connection for good. */
  destroy(): void {
    this.closedForGood = true;
    this.cancelRetry?.();
    this.documents.clear();
    this.socket?.close(1000, 'closed');
    this.setState('closed');
  }

  private connect(): void {
    if (this.closedForGood) return;
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    this.setState('connecting');
    socket.onopen = () => this.sendFrame({ docId: '', kind: FrameKind.AUTH, token: this.options.token });
    socket.onmessage = (event) => {
      const data = event.data;
      if (!(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data)) return;
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      try {
        this.receive(decodeServerFrame(bytes));
      } catch (error) {
        // A frame this side cannot take (or apply) ends the connection, which reconnects and re-syncs whole.
        this.options.onError?.(error);
        socket.close(1011, 'frame failed');
      }
    };
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.setState('closed', event.reason);
      // An unauthorized connection does not retry: the token will not get better by waiting.
      if (this.closedForGood || event.code === 4401 || this.options.retryMs === 0) return;
      this.cancelRetry = this.options.schedule(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 30_000);
    };
  }

  private receive(frame: LiveFrame): void {
    if (frame.kind === FrameKind.AUTH) {
      if (!frame.ok) return;
      this.backoff = this.options.retryMs ?? 500;
      this.setState('open');
      for (const [docId, document] of this.documents) this.sendFrame({ docId, kind: FrameKind.SYNC, type: SyncType.STEP1, payload: document.stateVector() });
      return;
    }
    const document = this.documents.get(frame.docId);
    if (!document) return;
    switch (frame.kind) {
      case FrameKind.SYNC:
        if (frame.type === SyncType.STEP1) {
          // The server's state vector: answer what it lacks, and this document is in step.
          const missing = document.diff(frame.payload);
          if (carriesSomething(missing)) this.sendFrame({ docId: frame.docId, kind: FrameKind.SYNC, type: SyncType.STEP2, payload: missing });
          document.synced?.();
        } else document.apply(frame.payload);
        return;
      case FrameKind.AWARENESS:
        return document.presence?.(frame.update);
      case FrameKind.REFUSED:
        return document.refused?.(frame.message);
      case FrameKind.ACK:
        return document.acknowledged?.(frame.count);
    }
  }

  private sendFrame(frame: LiveFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(encodeFrame(frame));
  }

  private setState(state: LiveState, reason?: string): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state, reason);
  }
}

/** An update with new items or deletions (an empty one encodes as a few bytes of nothing). */
export function carriesSomething(update: Uint8Array): boolean {
  const decoded = Y.decodeUpdate(update);
  return decoded.structs.length > 0 || decoded.ds.clients.size > 0;
}
