import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { LiveConnection, liveUrl, type SocketLike } from '../../src-shared/live/connection';
import { nowMs } from './harness';

/** Bytes both ways on one socket, counted at the WebSocket frame's payload (headers of 2–14 bytes left out). */
export interface Traffic {
  sent: number;
  received: number;
}

interface OpenDoc {
  doc: Y.Doc;
  awareness: Awareness;
  /** Send times of updates not acknowledged yet, in order. */
  pending: number[];
  acked: number;
  synced: boolean;
}

/**
 * One workstation as the team server sees it on the live channel (docs/live.md): one WebSocket, through the
 * real client core (src-shared/live/connection.ts), with pages open as Y.Docs, presence set, typing into one
 * page. Each keystroke's time from sending to the server's ACK (committed) is recorded.
 */
export class SimulatedWorkstation {
  readonly traffic: Traffic = { sent: 0, received: 0 };
  readonly ackMs: number[] = [];
  private readonly docs = new Map<string, OpenDoc>();
  private readonly connection: LiveConnection;

  constructor(baseUrl: string, token: string, name: string) {
    this.connection = new LiveConnection({
      url: liveUrl(baseUrl),
      token,
      createSocket: (url) => {
        const socket = new WebSocket(url);
        const send = socket.send.bind(socket);
        socket.send = ((data: Uint8Array) => {
          this.traffic.sent += data.byteLength;
          send(data);
        }) as typeof socket.send;
        socket.on('message', (data: ArrayBuffer) => (this.traffic.received += data.byteLength));
        return socket as unknown as SocketLike;
      },
      schedule: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    });
    void name;
  }

  open(docId: string, presence: Record<string, unknown>): void {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    const entry: OpenDoc = { doc, awareness, pending: [], acked: 0, synced: false };
    this.docs.set(docId, entry);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'server') return;
      entry.pending.push(nowMs());
      this.connection.sendUpdate(docId, update);
    });
    awareness.on('update', ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
      if (origin === 'server') return;
      this.connection.sendPresence(docId, encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]));
    });
    this.connection.open(docId, {
      stateVector: () => Y.encodeStateVector(doc),
      diff: (stateVector) => Y.encodeStateAsUpdate(doc, stateVector),
      apply: (update) => Y.applyUpdate(doc, update, 'server'),
      acknowledged: (count) => {
        const now = nowMs();
        while (entry.acked < count && entry.pending.length > 0) {
          this.ackMs.push(now - entry.pending.shift()!);
          entry.acked += 1;
        }
      },
      presence: (update) => applyAwarenessUpdate(awareness, update, 'server'),
      synced: () => {
        entry.synced = true;
        awareness.setLocalState(presence);
      },
    });
  }

  /** Whether every open page is in step with the server. */
  get ready(): boolean {
    return this.connection.isOpen && [...this.docs.values()].every((entry) => entry.synced);
  }

  /** One character typed at a spot in the page. */
  type(docId: string, i: number): void {
    const text = this.docs.get(docId)!.doc.getText('markdown');
    text.insert(Math.floor(((i * 7919) % 1000) / 1000 * text.length), String.fromCharCode(97 + (i % 26)));
  }

  text(docId: string): string {
    return this.docs.get(docId)!.doc.getText('markdown').toString();
  }

  /** Updates sent and not acknowledged yet, over every page. */
  get unacknowledged(): number {
    return [...this.docs.values()].reduce((sum, entry) => sum + entry.pending.length, 0);
  }

  close(): void {
    for (const entry of this.docs.values()) {
      entry.awareness.destroy();
      entry.doc.destroy();
    }
    this.connection.destroy();
  }
}
