import * as Y from 'yjs';
import { carriesSomething, type LiveDocument } from '../../../src-shared/live/connection';
import type { LiveIdentity, SharedLive } from './live-connection';
import { PagePresence } from './page-presence';

/** What the live route needs of the page sync it serves (page-sync.ts). */
interface LiveRouteHost {
  readonly doc: Y.Doc;
  /** The origin remote changes are applied with: the editor shows them, and they are not sent back. */
  readonly origin: unknown;
  /** Hands over the edits queued for an HTTP push: the opening exchange just sent them (count returned). */
  takeQueued(): number;
  /** Edits sent live but not acknowledged go back to the HTTP path (the channel dropped or refused them). */
  requeue(update: Uint8Array, edits: number): void;
  /** The route went live or not, or edits were acknowledged. */
  changed(): void;
}

/** The channel's id of a page body (docs/live.md): a change request's own, or the space's main content. */
export const bodyDocId = (target: { spaceId: string; pageId: string; changeRequestId?: string }) =>
  `body:${target.changeRequestId ?? target.spaceId}:${target.pageId}`;

/**
 * An ACK normally follows in milliseconds. One this late means a connection that looks open but carries nothing
 * (a network gone without the socket noticing yet): the edits then take the HTTP path too, which says 'offline'.
 */
const ACK_OVERDUE_MS = 5_000;

interface SentUpdate {
  /** Its number among the updates this side sent since the document was opened (the server's ACK counts them). */
  seq: number;
  update: Uint8Array;
  edits: number;
}

/**
 * One open page on the window's live connection: remote changes arrive as they are committed, local ones go
 * out as one frame each and count as saved when the server's ACK covers them, and the page's presence
 * travels with them. Whenever the document is not open and in step (connecting, dropped, refused), `ready`
 * is false and the page sync uses its HTTP path, to which unacknowledged edits are returned: Yjs applies an
 * update twice as once, so sending one both ways is harmless.
 */
export class LivePageRoute {
  readonly presence: PagePresence;
  private synced = false;
  private refused = false;
  private closed = false;
  private sent = 0;
  private pending: SentUpdate[] = [];
  private overdue: ReturnType<typeof setTimeout> | undefined;
  private readonly stopWatching: () => void;

  constructor(
    private readonly live: SharedLive,
    readonly docId: string,
    private readonly host: LiveRouteHost,
    identity: LiveIdentity | undefined,
  ) {
    this.presence = new PagePresence(host.doc, identity, (update) => live.connection.sendPresence(docId, update));
    this.stopWatching = live.onState((state) => {
      // A new connection opens the document again, and the server counts its ACKs from zero.
      if (state === 'open') this.sent = 0;
      else this.fallBack();
    });
    live.connection.open(docId, this.document);
  }

  /** Whether local edits go live now. */
  get ready(): boolean {
    return this.synced && !this.refused && !this.closed && this.live.connection.carries(this.docId);
  }

  /** Edits sent live and not acknowledged yet. */
  get waiting(): number {
    return this.pending.reduce((sum, sent) => sum + sent.edits, 0);
  }

  /** Sends an update holding `edits` local edits (only when `ready`). */
  send(update: Uint8Array, edits: number): void {
    if (!this.live.connection.sendUpdate(this.docId, update)) return this.host.requeue(update, edits);
    this.sent += 1;
    this.pending.push({ seq: this.sent, update, edits });
    this.overdue ??= setTimeout(() => this.stall(), ACK_OVERDUE_MS);
  }

  /**
   * The channel may be carrying nothing (the browser went offline, an ACK is overdue): what waits goes over HTTP,
   * and the document is opened again, which brings the page back live as soon as the connection answers.
   */
  stall(): void {
    if (!this.synced || this.closed) return;
    this.fallBack();
    this.live.connection.close(this.docId);
    this.sent = 0;
    this.live.connection.open(this.docId, this.document);
  }

  /** Leaves the page: presence goes at once, the document is closed on the connection (LEAVE). */
  close(): void {
    if (this.closed) return;
    this.presence.destroy();
    this.closed = true;
    clearTimeout(this.overdue);
    this.stopWatching();
    this.live.connection.close(this.docId);
  }

  private readonly document: LiveDocument = {
    stateVector: () => Y.encodeStateVector(this.host.doc),
    diff: (stateVector) => {
      // The server's SyncStep1: the connection sends it what it lacks, which is every edit waiting here.
      const missing = Y.encodeStateAsUpdate(this.host.doc, stateVector);
      if (carriesSomething(missing)) {
        this.sent += 1;
        const edits = this.host.takeQueued();
        if (edits > 0) this.pending.push({ seq: this.sent, update: missing, edits });
      }
      return missing;
    },
    apply: (update) => Y.applyUpdate(this.host.doc, update, this.host.origin),
    refused: () => {
      // Not readable, or an edit refused (a role, an archived space): the HTTP path says why, in the same words.
      this.refused = true;
      this.fallBack();
      this.live.connection.close(this.docId);
    },
    acknowledged: (count) => {
      this.pending = this.pending.filter((sent) => sent.seq > count);
      clearTimeout(this.overdue);
      this.overdue = this.pending.length > 0 ? setTimeout(() => this.stall(), ACK_OVERDUE_MS) : undefined;
      this.host.changed();
    },
    presence: (update) => this.presence.receive(update),
    synced: () => {
      if (this.refused || this.closed) return;
      this.synced = true;
      this.presence.announce();
      this.host.changed();
    },
  };

  private fallBack(): void {
    this.synced = false;
    clearTimeout(this.overdue);
    this.overdue = undefined;
    this.presence.forgetOthers();
    if (this.pending.length > 0) {
      const updates = this.pending.map((sent) => sent.update);
      const edits = this.waiting;
      this.pending = [];
      this.host.requeue(updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates), edits);
    }
    if (!this.closed) this.host.changed();
  }
}
