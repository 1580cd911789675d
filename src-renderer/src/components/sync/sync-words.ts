import type { AttachedSyncStatus, SpaceSync } from './sync-store';
import { fullTime, relativeTime } from '../comments/relative-time';

/** How the sync looks: calm, busy, waiting for the server, or stopped. */
export type SyncTone = 'ok' | 'busy' | 'offline' | 'error';

interface SyncWords {
  tone: SyncTone;
  /** The state in a short sentence ("Offline — 3 changes waiting; they go out when the server is back"). */
  text: string;
  /** Why, when the app knows (the address it could not reach, the server's refusal). */
  detail?: string;
}

/** "1 change", "3 changes". */
export function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** The whole app's sync, for the sidebar; `now` makes "synced 2 minutes ago" testable. */
export function syncWords(status: AttachedSyncStatus, now = Date.now()): SyncWords {
  const { waiting } = status;
  switch (status.state) {
    case 'error':
      return { tone: 'error', text: `Error: ${status.message ?? 'sync stopped.'}`, detail: waiting > 0 ? `${changes(waiting)} not sent.` : undefined };
    case 'offline':
      return {
        tone: 'offline',
        text:
          waiting === 0
            ? 'Offline — what you change goes out when the server is back'
            : `Offline — ${changes(waiting)} waiting; ${waiting === 1 ? 'it goes' : 'they go'} out when the server is back`,
        detail: status.message,
      };
    case 'syncing':
      return { tone: 'busy', text: 'Syncing…' };
    default:
      if (waiting > 0) return { tone: 'busy', text: `${changes(waiting)} waiting to go out` };
      return { tone: 'ok', text: status.lastSyncAt ? `Synced ${relativeTime(status.lastSyncAt, now)}` : 'Connecting…' };
  }
}

/** The server's words end without a full stop more often than not. */
export function sentence(words: string): string {
  return /[.!?…]$/.test(words) ? words : `${words}.`;
}

/** "Last synced 12 Mar 2025, 10:42." or that it never has. */
export function lastSyncWords(lastSyncAt: string | undefined): string {
  return lastSyncAt ? `Last synced ${fullTime(lastSyncAt)}.` : 'Not synced yet.';
}

interface BadgeWords {
  tone: SyncTone;
  /** What the badge shows: one or two words. */
  text: string;
  /** The same for a screen reader, in a sentence. */
  label: string;
  /** The tooltip: when the space last synced, and why not now. */
  title: string;
}

/** One space's sync for its badge; undefined when there is nothing to say (no team server). */
export function badgeWords(sync: SpaceSync, attached: boolean): BadgeWords | undefined {
  if (sync.kind === 'local') {
    if (!attached) return undefined;
    const title = 'This organization exists only on this computer: it is not synced with the team server.';
    return { tone: 'ok', text: 'This computer only', label: `Sync: ${title}`, title };
  }
  const last = lastSyncWords(sync.lastSyncAt);
  switch (sync.kind) {
    case 'synced':
      return { tone: 'ok', text: 'Synced', label: `Sync: synced with the team server. ${last}`, title: last };
    case 'syncing':
      return { tone: 'busy', text: 'Syncing', label: `Sync: syncing with the team server. ${last}`, title: last };
    case 'waiting':
      return { tone: 'busy', text: `${sync.waiting} waiting`, label: `Sync: ${changes(sync.waiting)} waiting to go out. ${last}`, title: last };
    case 'offline': {
      const waiting = sync.waiting > 0 ? ` · ${sync.waiting} waiting` : '';
      const said =
        sync.waiting > 0
          ? `offline, ${changes(sync.waiting)} of this space waiting; ${sync.waiting === 1 ? 'it goes' : 'they go'} out when the server is back.`
          : 'offline; changes go out when the server is back.';
      return { tone: 'offline', text: `Offline${waiting}`, label: `Sync: ${said} ${last}`, title: [last, sync.message].filter(Boolean).join('\n') };
    }
    case 'error':
      return { tone: 'error', text: 'Error', label: `Sync: error — ${sentence(sync.message)} ${last}`, title: `${sync.message}\n${last}` };
  }
}

const DATASETS: Record<string, string> = {
  organizations: 'organization',
  members: 'membership',
  teams: 'team',
  team_members: 'team membership',
  collections: 'collection',
  spaces: 'space',
  change_requests: 'change request',
  comments: 'comment',
  comment_replies: 'reply',
  reactions: 'reaction',
  files: 'file',
  sites: 'site',
  users: 'profile',
};

/** `spaces.title` → "space title", `comments._deleted` → "comment deletion"; anything else as it came. */
export function refusedWhat(what: string): string {
  const [dataset, column] = what.split('.');
  if (!dataset || !column) return what;
  const noun = DATASETS[dataset] ?? dataset.replace(/_/g, ' ');
  if (column === '_deleted' || column === 'deleted_at') return `${noun} deletion`;
  const field = column
    .replace(/_id$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${noun} ${field}`;
}

/** What the sidebar's live region says, and whether it waits for a sync in progress to settle. */
export interface Announcement {
  kind?: 'ok' | 'offline' | 'error';
  text: string;
  /** Said while syncing: the settled state's words replace it once the exchange ends. */
  provisional: boolean;
}

/**
 * The live region's next words: the state's text, taken again only when its kind changes (synced and syncing
 * are one kind for the ear, so typing does not chatter), and not on load. Back from offline mid-exchange it
 * says "Syncing…", then once "Synced …": otherwise "Syncing…" would be the last word for good.
 */
export function nextAnnouncement(said: Announcement, tone: SyncTone | undefined, text: string): Announcement {
  const kind = tone === 'busy' ? 'ok' : tone;
  if (kind !== said.kind) {
    const first = said.kind === undefined || kind === undefined;
    return { kind, text: first ? '' : `Team server: ${text}`, provisional: !first && tone === 'busy' };
  }
  if (said.provisional && tone === 'ok') return { kind, text: `Team server: ${text}`, provisional: false };
  return said;
}
