import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { liveUrl } from '../../src-shared/live/connection';
import { decodeServerFrame, encodeFrame, FrameKind, type LiveFrame, SyncType } from '../../src-shared/live/protocol';

/**
 * A live-channel client speaking the wire protocol frame by frame (src-shared/live/protocol.ts), so tests
 * see exactly what the server sends: every frame is kept in `frames`, and `next` waits for one that matches.
 */
export async function liveClient(baseUrl: string) {
  const socket = new WebSocket(liveUrl(baseUrl));
  socket.binaryType = 'arraybuffer';
  const frames: LiveFrame[] = [];
  const waiters: Array<{ match: (frame: LiveFrame) => boolean; resolve: (frame: LiveFrame) => void }> = [];
  let closed: { code: number; reason: string } | undefined;
  const closeWaiters: Array<() => void> = [];
  socket.on('message', (data: ArrayBuffer) => {
    const frame = decodeServerFrame(new Uint8Array(data));
    frames.push(frame);
    for (const waiter of waiters.slice()) {
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  socket.on('close', (code, reason) => {
    closed = { code, reason: reason.toString() };
    for (const waiter of closeWaiters.splice(0)) waiter();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (frame: LiveFrame) => socket.send(encodeFrame(frame));
  /** The first frame from now on (or already received, when `seen` allows) that matches, within 5 s. */
  const next = (match: (frame: LiveFrame) => boolean, seen = false): Promise<LiveFrame> => {
    if (seen) {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such frame within 5 s')), 5_000);
      waiters.push({ match, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  };
  return {
    socket,
    frames,
    send,
    next,
    get closed() {
      return closed;
    },
    /** Resolves once the server has closed the socket. */
    whenClosed: () => new Promise<{ code: number; reason: string }>((resolve) => (closed ? resolve(closed) : closeWaiters.push(() => resolve(closed!)))),
    async auth(token: string) {
      const answer = next((frame) => frame.kind === FrameKind.AUTH);
      send({ docId: '', kind: FrameKind.AUTH, token });
      return (await answer) as Extract<LiveFrame, { kind: typeof FrameKind.AUTH }>;
    },
    /** Opens a document into a fresh Y.Doc; resolves with it once the server's SyncStep2 is applied. */
    async open(docId: string) {
      const doc = new Y.Doc();
      const first = next((frame) => frame.docId === docId && (frame.kind === FrameKind.REFUSED || (frame.kind === FrameKind.SYNC && frame.type === SyncType.STEP2)));
      send({ docId, kind: FrameKind.SYNC, type: SyncType.STEP1, payload: Y.encodeStateVector(doc) });
      const frame = await first;
      if (frame.kind === FrameKind.REFUSED) return { doc, refused: frame.message };
      if (frame.kind === FrameKind.SYNC) Y.applyUpdate(doc, frame.payload, 'server');
      // Later updates from the server go into the doc.
      socket.on('message', (data: ArrayBuffer) => {
        const later = decodeServerFrame(new Uint8Array(data));
        if (later.docId === docId && later.kind === FrameKind.SYNC && later.type !== SyncType.STEP1) Y.applyUpdate(doc, later.payload, 'server');
      });
      return { doc, refused: undefined };
    },
    /** Sends an edit of an open document's text and waits for its ACK or REFUSED. */
    async edit(docId: string, doc: Y.Doc, change: (text: Y.Text) => void) {
      const before = Y.encodeStateVector(doc);
      change(doc.getText('markdown'));
      const answer = next((frame) => frame.docId === docId && (frame.kind === FrameKind.ACK || frame.kind === FrameKind.REFUSED));
      send({ docId, kind: FrameKind.SYNC, type: SyncType.UPDATE, payload: Y.encodeStateAsUpdate(doc, before) });
      return answer;
    },
    /** Presence in a document: this client's awareness with `state`, sent to the server. */
    present(docId: string, state: Record<string, unknown>) {
      const awareness = new Awareness(new Y.Doc());
      awareness.setLocalState(state);
      send({ docId, kind: FrameKind.AWARENESS, update: encodeAwarenessUpdate(awareness, [awareness.clientID]) });
      return awareness;
    },
    /** The others' presence in a document, as received so far. */
    presenceOf(docId: string): Map<number, Record<string, unknown>> {
      const awareness = new Awareness(new Y.Doc());
      awareness.setLocalState(null);
      for (const frame of frames) if (frame.docId === docId && frame.kind === FrameKind.AWARENESS) applyAwarenessUpdate(awareness, frame.update, 'server');
      const states = new Map(awareness.getStates());
      awareness.destroy();
      return states as Map<number, Record<string, unknown>>;
    },
    close: () => socket.close(),
  };
}
