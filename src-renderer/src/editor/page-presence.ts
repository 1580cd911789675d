import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { LiveIdentity } from './live-connection';

/** Someone else with the page open, as their presence says. */
export interface PresentPerson {
  /** Their awareness client id (one per open page: a person in two tabs is listed once, by user). */
  clientId: number;
  userId?: string;
  name: string;
  color: string;
  /** Whether their editor has the focus (they are typing or about to), as opposed to having the page open. */
  editing: boolean;
}

/** Marks awareness changes that came from the channel, so they are not sent back. */
const FROM_CHANNEL = 'live-channel';

/**
 * Caret colours that read on both themes and against white caret labels (y-codemirror writes the name in
 * white on the colour, and tints selections with the colour at 20 % opacity, so these are hex).
 */
const COLORS = ['#d1453b', '#2f7d32', '#1f6fb2', '#8e44ad', '#b9770e', '#00838f', '#c2185b', '#5d6d7e'];

/** A stable colour per person: the same user has the same colour in every window and on every page. */
function colorOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

/**
 * Presence on one open page: a y-protocols Awareness over the page's Y.Doc (y-codemirror draws the others'
 * carets and selections from it), relayed over the live channel. This side sends only its own state: on every
 * change, on each (re)sync so newcomers and a restarted server know it, and its removal on leaving.
 */
export class PagePresence {
  readonly awareness: Awareness;
  private others: PresentPerson[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    doc: Y.Doc,
    private readonly identity: LiveIdentity | undefined,
    private readonly send: (update: Uint8Array) => void,
  ) {
    this.awareness = new Awareness(doc);
    this.awareness.setLocalState({
      user: { name: identity?.name ?? 'Someone', color: colorOf(identity?.id ?? String(doc.clientID)) },
      editing: false,
    });
    this.awareness.on('update', this.relay);
    this.awareness.on('change', this.refresh);
  }

  /** Presence from the channel. */
  receive(update: Uint8Array): void {
    applyAwarenessUpdate(this.awareness, update, FROM_CHANNEL);
  }

  /** In step with the server again: say who is here (the server forgot this side if it reconnected). */
  announce(): void {
    if (this.awareness.getLocalState()) this.send(encodeAwarenessUpdate(this.awareness, [this.awareness.clientID]));
  }

  /** The channel is down: nobody else's presence can be trusted until it is back (the server then resends it). */
  forgetOthers(): void {
    const remote = [...this.awareness.getStates().keys()].filter((id) => id !== this.awareness.clientID);
    if (remote.length > 0) removeAwarenessStates(this.awareness, remote, FROM_CHANNEL);
  }

  setEditing(editing: boolean): void {
    const state = this.awareness.getLocalState();
    if (state && state.editing !== editing) this.awareness.setLocalStateField('editing', editing);
  }

  /** The others on the page, one entry per person (this window's own user left out), in a stable order. */
  getOthers(): PresentPerson[] {
    return this.others;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Leaves the page: the removal goes out at once, so the others see this person gone without waiting. */
  leave(): void {
    if (this.awareness.getLocalState()) this.awareness.setLocalState(null);
  }

  destroy(): void {
    this.leave();
    this.awareness.off('update', this.relay);
    this.awareness.off('change', this.refresh);
    this.awareness.destroy();
    this.listeners.clear();
  }

  private readonly relay = ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
    if (origin === FROM_CHANNEL) return;
    const mine = this.awareness.clientID;
    if ([...added, ...updated, ...removed].includes(mine)) this.send(encodeAwarenessUpdate(this.awareness, [mine]));
  };

  private readonly refresh = ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>) => {
    // This side's own caret moving changes nobody's list.
    if ([...added, ...updated, ...removed].every((id) => id === this.awareness.clientID)) return;
    const byUser = new Map<string, PresentPerson>();
    for (const [clientId, state] of this.awareness.getStates()) {
      if (clientId === this.awareness.clientID) continue;
      const user = (state.user ?? {}) as { id?: string; name?: string; color?: string };
      if (user.id && user.id === this.identity?.id) continue; // this person in another tab or window
      const key = user.id ?? `client:${clientId}`;
      const editing = state.editing === true || Boolean(byUser.get(key)?.editing);
      byUser.set(key, { clientId, userId: user.id, name: user.name || 'Someone', color: user.color || colorOf(key), editing });
    }
    this.others = [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
    this.listeners.forEach((listener) => listener());
  };
}
