import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { LiveConnection, liveUrl, type LiveState, type SocketLike } from '../../src-shared/live/connection';
import { OWNER_SETTING } from '../app/bootstrap';
import type { AppServices } from '../app/context';
import { applyLiveBodyUpdate, refreshTreeRows, type TreeRef, treeDocId } from '../content/engine';
import { spaceOfTree } from '../store/change-requests';
import { getSetting } from '../store/settings';
import { getUserById } from '../store/users';
import { parseDocId } from './docs-service';
import { readPresenceEntries } from '../live/presence';

/** The commit origin of what the link applies from the team server: it is not sent back. */
const LIVE_LINK_ORIGIN = 'live-link';

interface LiveLinkHooks {
  /** Set while sync applies the server's changes (client-docs.ts), so they are not taken for local edits. */
  applying: { active: boolean };
  /** A document the channel could not carry (refused, or the connection dropped): the HTTP exchange takes it. */
  fallback(docIds: string[]): void;
}

/**
 * The workstation's live channel to its team server (docs/live.md): the documents open in an editor here are
 * open there too, so a keystroke travels as one WebSocket frame each way instead of an HTTP exchange, and
 * others' keystrokes arrive the same way. Everything is still written through the content engine, in one
 * transaction per update; the HTTP exchange stays for everything else and as the fallback.
 */
export class LiveLink {
  /** Opened with the first open document and closed with the last: an idle workstation holds no socket. */
  private connection?: LiveConnection;
  /** Open documents, with the relay of their presence and the people it brought from the team server. */
  private readonly open = new Map<string, { stopRelay: () => void; remote: Set<number> }>();
  private readonly stopFollowing: () => void;

  constructor(
    private readonly app: AppServices,
    private readonly remote: { url: string; token: string },
    private readonly hooks: LiveLinkHooks,
  ) {
    this.stopFollowing = app.docs.onCommitted((_docIds, write) => {
      if (write.origin === LIVE_LINK_ORIGIN || hooks.applying.active || !this.connection) return;
      for (const [docId, updates] of write.updates) {
        if (!this.open.has(docId)) continue;
        this.connection.sendUpdate(docId, updates.length === 1 ? updates[0]! : Y.mergeUpdates([...updates]));
      }
    });
  }

  private connect(): LiveConnection {
    this.connection ??= new LiveConnection({
      url: liveUrl(this.remote.url),
      token: this.remote.token,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      schedule: (run, ms) => {
        const timer = setTimeout(run, ms);
        timer.unref();
        return () => clearTimeout(timer);
      },
      onError: (error) => console.error('[folio] live channel to the team server: a frame failed; reconnecting:', error),
      onState: (state) => this.onState(state),
    });
    return this.connection;
  }

  /** Whether a local change to `docId` travels live now (the HTTP exchange need not hurry for it). */
  carries(docId: string): boolean {
    return this.open.has(docId) && (this.connection?.carries(docId) ?? false);
  }

  /** Keeps exactly these documents open on the team server (the pages open in an editor here). */
  follow(docIds: readonly string[]): void {
    const wanted = new Set(docIds.filter((docId) => spaceOfTree(this.app.db, parseDocId(docId).treeId) !== undefined));
    for (const docId of Array.from(this.open.keys())) if (!wanted.has(docId)) this.close(docId);
    for (const docId of wanted) if (!this.open.has(docId)) this.openDocument(docId);
    if (this.open.size === 0 && this.connection) {
      this.connection.destroy();
      this.connection = undefined;
    }
  }

  destroy(): void {
    this.stopFollowing();
    for (const docId of Array.from(this.open.keys())) this.close(docId);
    this.connection?.destroy();
    this.connection = undefined;
  }

  private openDocument(docId: string): void {
    // Presence relayed both ways: people here (the editor's connections to this host) go to the team server,
    // people there come into this host's room, so each side's editor draws the other's cursors.
    const awareness = this.app.presence.hold(docId);
    const remote = new Set<number>();
    const local = () => [...awareness.getStates().keys()].filter((id) => !remote.has(id) && id !== awareness.clientID);
    const forward = ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
      if (origin === LIVE_LINK_ORIGIN) return;
      const changed = [...added, ...updated, ...removed].filter((id) => !remote.has(id));
      if (changed.length > 0) this.connection?.sendPresence(docId, encodeAwarenessUpdate(awareness, changed));
    };
    awareness.on('update', forward);
    this.open.set(docId, { stopRelay: () => awareness.off('update', forward), remote });
    this.connect().open(docId, {
      stateVector: () => this.app.docs.stateVector(docId),
      diff: (stateVector) => this.app.docs.diff(docId, stateVector),
      apply: (update) => this.apply(docId, update),
      refused: () => this.hooks.fallback([docId]),
      presence: (update) => {
        for (const entry of readPresenceEntries(update)) remote.add(entry.clientId);
        applyAwarenessUpdate(awareness, update, LIVE_LINK_ORIGIN);
      },
      synced: () => {
        const here = local();
        if (here.length > 0) this.connection?.sendPresence(docId, encodeAwarenessUpdate(awareness, here));
      },
    });
  }

  private close(docId: string): void {
    const relay = this.open.get(docId);
    if (!relay) return;
    this.open.delete(docId);
    this.connection?.close(docId);
    relay.stopRelay();
    this.forgetRemotePresence(docId, relay.remote);
    this.app.presence.release(docId);
  }

  /** The team server's people leave this host's room (the document closed here, or the connection dropped). */
  private forgetRemotePresence(docId: string, remote: Set<number>): void {
    if (remote.size === 0) return;
    const awareness = this.app.presence.hold(docId);
    removeAwarenessStates(awareness, [...remote], LIVE_LINK_ORIGIN);
    remote.clear();
    this.app.presence.release(docId);
  }

  /** Someone else's edit (or what this copy lacked), through the engine like the HTTP exchange's answers. */
  private apply(docId: string, update: Uint8Array): void {
    const { treeId, pageId } = parseDocId(docId);
    const spaceId = spaceOfTree(this.app.db, treeId);
    const user = getUserById(this.app.db, getSetting(this.app.db, OWNER_SETTING) ?? '');
    if (!spaceId || !user) return this.hooks.fallback([docId]);
    const tree: TreeRef = { spaceId, treeId };
    const ctx = { ...this.app, user };
    this.hooks.applying.active = true;
    try {
      this.app.docs.write((writer) => {
        if (pageId) applyLiveBodyUpdate(ctx, writer, tree, pageId, update);
        else {
          writer.applyUpdate(treeDocId(treeId), update);
          refreshTreeRows(ctx, tree);
        }
        this.app.live.touched(tree, user.id);
      }, LIVE_LINK_ORIGIN);
    } finally {
      this.hooks.applying.active = false;
    }
  }

  private onState(state: LiveState): void {
    // What was sent but maybe not committed before a drop is exchanged over HTTP (Yjs makes repeats harmless).
    if (state !== 'closed' || this.open.size === 0) return;
    this.hooks.fallback([...this.open.keys()]);
    for (const [docId, relay] of this.open) this.forgetRemotePresence(docId, relay.remote);
  }
}
