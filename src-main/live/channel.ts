import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as Y from 'yjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates, type Awareness } from 'y-protocols/awareness';
import { carriesSomething } from '../../src-shared/live/connection';
import { decodeClientFrame, encodeFrame, FrameKind, LIVE_PATH, type LiveFrame, SyncType } from '../../src-shared/live/protocol';
import { type FolioApp, serviceContext } from '../app/app';
import { authenticate } from '../auth/authenticate';
import type { CommittedWrite } from '../content/doc-store';
import { bodyDocId } from '../content/body-docs';
import { getBodyFork } from '../store/change-requests';
import type { Db } from '../store/database';
import { isFolioError } from '../errors';
import type { UserRow } from '../store/users';
import { applyReplicaUpdate, parseDocId, readableTree } from '../sync/docs-service';
import { everyonePresent, readPresenceEntries } from './presence';

/** Frames larger than this close the socket (a whole long page as one update is far below). */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/** Documents one connection may have open at once. */
const MAX_OPEN_DOCS = 64;
/** A peer that answers no ping for this long is gone: its presence leaves with it. */
const HEARTBEAT_MS = 10_000;
/** A reader this far behind is dropped rather than buffered without end; it rejoins and catches up. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Commits made for a live connection carry an origin starting so (sync/events.ts gathers their events). */
export const LIVE_ORIGIN_PREFIX = 'live:';

interface Connection {
  socket: WebSocket;
  /** The commit origin of this connection's writes: they are not echoed back to it. */
  origin: string;
  token?: string;
  user?: UserRow;
  /** Open documents, with the presence client ids this connection speaks for in each. */
  open: Map<string, Set<number>>;
  /** Updates to each document committed for this connection, acknowledged by count. */
  committed: Map<string, number>;
  alive: boolean;
}

interface Room {
  docId: string;
  connections: Set<Connection>;
  /** The document's presence (app.presence), held while this room has connections. */
  awareness: Awareness;
  stopRelaying: () => void;
}

/**
 * The document whose state `docId` has now: a change request reads main's body until it forks it (copy-on-write,
 * content/engine.ts), and the fork starts from exactly that state, so an editor joined before the fork stays in step.
 */
function currentSource(db: Db, spaceId: string, docId: string): string {
  const { treeId, pageId } = parseDocId(docId);
  if (!pageId || treeId === spaceId || getBodyFork(db, treeId, pageId)) return docId;
  return bodyDocId(spaceId, pageId);
}

/**
 * The live channel (docs/live.md): WebSocket connections on LIVE_PATH, each with documents open, speaking
 * y-protocols sync and awareness per document. Opening a document is reading it and an update is an edit,
 * with the same token and role checks and the same engine as /sync/v1 (sync/docs-service.ts): an update
 * is acknowledged once committed, a refused one is answered REFUSED and changes nothing. Every committed
 * change to an open document, whoever made it (this channel, /v1, the editor, the HTTP exchange), reaches
 * the connections that have it open. Presence stays in memory.
 */
export class LiveChannel {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly rooms = new Map<string, Room>();
  private readonly connections = new Set<Connection>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly stopFollowing: () => void;
  private nextOrigin = 0;

  constructor(private readonly app: FolioApp) {
    this.stopFollowing = app.docs.onCommitted((_docIds, write) => this.broadcast(write));
    this.heartbeat = setInterval(() => this.checkAlive(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Takes over an HTTP upgrade to LIVE_PATH; anything else is answered 404 and closed. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://folio.invalid').pathname;
    if (path !== LIVE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  /** How many connections and open documents there are (the load benchmark reports them). */
  size(): { connections: number; documents: number } {
    return { connections: this.connections.size, documents: this.rooms.size };
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.stopFollowing();
    for (const connection of this.connections) connection.socket.terminate();
    for (const room of this.rooms.values()) this.closeRoom(room);
    this.server.close();
  }

  private accept(socket: WebSocket): void {
    const connection: Connection = { socket, origin: `${LIVE_ORIGIN_PREFIX}${(this.nextOrigin += 1)}`, open: new Map(), committed: new Map(), alive: true };
    this.connections.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return socket.close(1003, 'binary frames only');
      let frame: LiveFrame;
      try {
        frame = decodeClientFrame(new Uint8Array(data as Buffer));
      } catch {
        // Bytes that are not the protocol end the connection, never the process.
        return socket.close(1007, 'malformed frame');
      }
      try {
        this.receive(connection, frame);
      } catch (error) {
        if (!isFolioError(error)) {
          // Yjs bytes that do not decode, most often; anything else is logged, and still only ends this connection.
          console.error('[folio] live channel: closing a connection after a frame failed:', (error as Error).message);
          return socket.close(1007, 'frame failed');
        }
        this.send(connection, { docId: frame.docId, kind: FrameKind.REFUSED, message: error.message });
        if (error.kind === 'unauthorized') socket.close(4401, 'unauthorized');
      }
    });
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => socket.terminate());
  }

  private receive(connection: Connection, frame: LiveFrame): void {
    if (frame.kind === FrameKind.AUTH) return this.authorize(connection, frame.token ?? '');
    if (!connection.user) {
      connection.socket.close(4401, 'authenticate first');
      return;
    }
    switch (frame.kind) {
      case FrameKind.SYNC:
        if (frame.type === SyncType.STEP1) return this.join(connection, frame.docId, frame.payload);
        return this.applyUpdate(connection, frame.docId, frame.payload);
      case FrameKind.AWARENESS:
        return this.present(connection, frame.docId, frame.update);
      case FrameKind.LEAVE:
        return this.leave(connection, frame.docId);
      default:
        connection.socket.close(1008, 'unexpected frame');
    }
  }

  private authorize(connection: Connection, token: string): void {
    try {
      connection.user = authenticate(this.app.db, `Bearer ${token}`, this.app.clock.now().toISOString());
      connection.token = token;
      this.send(connection, { docId: '', kind: FrameKind.AUTH, ok: true, message: connection.user.id });
    } catch (error) {
      if (!isFolioError(error)) throw error;
      this.send(connection, { docId: '', kind: FrameKind.AUTH, ok: false, message: error.message });
      connection.socket.close(4401, 'unauthorized');
    }
  }

  /** The caller as of now: a token revoked since the connection opened is refused at its next frame. */
  private context(connection: Connection) {
    const user = authenticate(this.app.db, `Bearer ${connection.token}`, this.app.clock.now().toISOString());
    connection.user = user;
    return serviceContext(this.app, user);
  }

  /** SyncStep1: opens (or re-syncs) a document the caller may read, answering what it lacks and who is here. */
  private join(connection: Connection, docId: string, stateVector: Uint8Array): void {
    const ctx = this.context(connection);
    const { treeId } = parseDocId(docId);
    const access = /^(tree|body):/.test(docId) ? readableTree(ctx, treeId) : { missing: `Document "${docId}" not found` };
    if ('missing' in access) return this.send(connection, { docId, kind: FrameKind.REFUSED, message: access.missing });
    if (!connection.open.has(docId)) {
      if (connection.open.size >= MAX_OPEN_DOCS) {
        return this.send(connection, { docId, kind: FrameKind.REFUSED, message: `At most ${MAX_OPEN_DOCS} documents may be open on one connection` });
      }
      connection.open.set(docId, new Set());
      this.room(docId).connections.add(connection);
    }
    Y.decodeStateVector(stateVector); // malformed bytes close the connection
    const source = currentSource(ctx.db, access.space.id, docId);
    this.send(connection, { docId, kind: FrameKind.SYNC, type: SyncType.STEP2, payload: ctx.docs.diff(source, stateVector) });
    this.send(connection, { docId, kind: FrameKind.SYNC, type: SyncType.STEP1, payload: ctx.docs.stateVector(source) });
    const present = everyonePresent(this.room(docId).awareness);
    if (present) this.send(connection, { docId, kind: FrameKind.AWARENESS, update: present });
  }

  /** SyncStep2 or Update: an edit, under the rules of every edit; acknowledged once committed. */
  private applyUpdate(connection: Connection, docId: string, update: Uint8Array): void {
    if (!connection.open.has(docId)) return this.send(connection, { docId, kind: FrameKind.REFUSED, message: `Open "${docId}" before changing it` });
    // Nothing to write (a reader's empty SyncStep2): nothing to authorize or acknowledge.
    if (!carriesSomething(update)) return;
    const ctx = this.context(connection);
    const { treeId, pageId } = parseDocId(docId);
    try {
      ctx.docs.write((writer) => {
        const access = readableTree(ctx, treeId);
        if ('missing' in access) throw Object.assign(new Error(access.missing), { missing: true });
        applyReplicaUpdate(ctx, writer, access, treeId, pageId, update, true);
      }, connection.origin);
    } catch (error) {
      const missing = (error as { missing?: boolean }).missing;
      if (!isFolioError(error) && !missing) throw error;
      return this.send(connection, { docId, kind: FrameKind.REFUSED, message: (error as Error).message });
    }
    const count = (connection.committed.get(docId) ?? 0) + 1;
    connection.committed.set(docId, count);
    this.send(connection, { docId, kind: FrameKind.ACK, count });
  }

  /** Presence: only for an open document, only for the connection's own client ids, named as the caller. */
  private present(connection: Connection, docId: string, update: Uint8Array): void {
    const mine = connection.open.get(docId);
    const room = this.rooms.get(docId);
    if (!mine || !room) return;
    for (const entry of readPresenceEntries(update)) {
      if (!mine.has(entry.clientId) && this.ownerOf(room, entry.clientId)) return; // someone else's: ignored
      mine.add(entry.clientId);
    }
    applyAwarenessUpdate(room.awareness, update, connection);
  }

  private ownerOf(room: Room, clientId: number): Connection | undefined {
    for (const connection of room.connections) if (connection.open.get(room.docId)?.has(clientId)) return connection;
    return undefined;
  }

  private leave(connection: Connection, docId: string): void {
    const clients = connection.open.get(docId);
    if (!clients) return;
    connection.open.delete(docId);
    connection.committed.delete(docId);
    const room = this.rooms.get(docId);
    if (!room) return;
    room.connections.delete(connection);
    if (clients.size > 0) removeAwarenessStates(room.awareness, [...clients], 'left');
    if (room.connections.size === 0) this.closeRoom(room);
  }

  private drop(connection: Connection): void {
    // leave() deletes from the map: iterate over a copy.
    for (const docId of Array.from(connection.open.keys())) this.leave(connection, docId);
    this.connections.delete(connection);
  }

  private room(docId: string): Room {
    let room = this.rooms.get(docId);
    if (room) return room;
    const awareness = this.app.presence.hold(docId);
    const relay = ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
      const from = this.connections.has(origin as Connection) ? (origin as Connection) : undefined;
      const changed = [...added, ...updated, ...removed];
      // Presence says who is here as the server knows them, whatever the client claimed.
      if (from?.user) {
        for (const id of [...added, ...updated]) {
          const state = awareness.getStates().get(id);
          if (state) state.user = { ...(state.user as object | undefined), id: from.user.id, name: from.user.display_name || from.user.email };
        }
      }
      const frame = { docId, kind: FrameKind.AWARENESS, update: encodeAwarenessUpdate(awareness, changed) } as const;
      for (const connection of created.connections) if (connection !== from) this.send(connection, frame);
    };
    awareness.on('update', relay);
    const created: Room = { docId, connections: new Set(), awareness, stopRelaying: () => awareness.off('update', relay) };
    this.rooms.set(docId, created);
    return created;
  }

  private closeRoom(room: Room): void {
    room.stopRelaying();
    this.rooms.delete(room.docId);
    this.app.presence.release(room.docId);
  }

  /** Sends every committed update of an open document to the connections that have it open, but its author. */
  private broadcast(write: CommittedWrite): void {
    for (const [docId, updates] of write.updates) {
      const room = this.rooms.get(docId);
      if (!room) continue;
      const payload = updates.length === 1 ? updates[0]! : Y.mergeUpdates([...updates]);
      const frame = encodeFrame({ docId, kind: FrameKind.SYNC, type: SyncType.UPDATE, payload });
      for (const connection of room.connections) if (connection.origin !== write.origin) this.sendBytes(connection, frame);
    }
  }

  private send(connection: Connection, frame: LiveFrame): void {
    this.sendBytes(connection, encodeFrame(frame));
  }

  private sendBytes(connection: Connection, bytes: Uint8Array): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      connection.socket.terminate();
      return;
    }
    connection.socket.send(bytes);
  }

  private checkAlive(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
