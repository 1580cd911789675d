import type { DocStore } from '../content/doc-store';
import type { LiveRevisions } from '../content/live-revisions';
import type { PresenceRooms } from '../live/presence-rooms';
import type { ImportJobs } from '../import/jobs';
import type { HostResolver } from '../net/network-policy';
import type { SyncAttachment } from '../sync/attachment';
import type { Db } from '../store/database';
import type { UserRow } from '../store/users';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every service call runs with: the store, the clock, and who is asking. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  /** The Yjs documents of content (docs/content.md). */
  docs: DocStore;
  /** Gathers live edits into revisions. */
  live: LiveRevisions;
  /** Who has each document open (the live channel's presence), in memory only. */
  presence: PresenceRooms;
  config: AppConfig;
  /** Imports running in the background for the app's progress bar. */
  imports: ImportJobs;
  /** The link to a team server (docs/sync.md); idle until attached. */
  sync: SyncAttachment;
  user: UserRow;
  /**
   * Where the call came in, recorded on the audit events it writes (GitBook's AuditEvent `source`): `api` for
   * /v1, `ui` for the app's tRPC calls; absent for the process's own work (scheduler, start-up).
   */
  source?: AuditSource;
}

export type AuditSource = 'ui' | 'api' | 'integration' | 'webhook' | 'workflow' | 'script' | 'support';

/** How this process was started: choices that differ between the desktop app and a shared server. */
export interface AppConfig {
  /** Imports may read file:// URLs (the desktop app; a server only with --allow-file-imports). */
  allowFileImports: boolean;
  /**
   * Fetches a user directs (imports, OpenAPI specs, files by URL) may reach loopback, private and
   * link-local addresses: the desktop app; a server only with --allow-private-network. Absent is false.
   * See net/network-policy.ts.
   */
  allowPrivateNetwork?: boolean;
  /** `HOST` or `HOST:PORT` such fetches may reach even when private (--allow-host, FOLIO_ALLOW_HOSTS). */
  allowHosts?: string[];
  /** How those fetches resolve host names (tests inject answers); the system resolver when absent. */
  resolveHost?: HostResolver;
  /** The data directory, shown in the app's settings to the instance's owner only. */
  dataDir?: string;
  /** How often configured Git Syncs are looked at (git-sync/scheduler.ts); tests make it short. */
  gitSyncTickMs?: number;
  /** How often the write-ahead log is checkpointed, in ms (default 1,000; 0: never, for benchmarks counting log bytes). */
  walCheckpointIntervalMs?: number;
  /** How many invites one organization may send per sliding window (default: invites/rate-limit.ts). */
  inviteRateLimit?: { invites: number; windowMs: number };
  /** Routes declared `read` (http/router.ts) run with writes refused, so a misdeclared one fails: tests set it. */
  checkReadRoutes?: boolean;
}

/** What an open data directory provides to every service call, whoever makes it. */
export type AppServices = Omit<ServiceContext, 'user'>;

/** What presenters need to turn rows into API objects: who is looking, and the address they reached us at. */
export interface PresentContext {
  user: UserRow;
  /** e.g. `http://127.0.0.1:5740`, without a trailing slash. */
  baseUrl: string;
}

/** Set only on the desktop window's own calls (over IPC): the owner, at this machine. */
interface DesktopCaller {
  /** The owner's API token (the owner-token file), shown in Settings for local tools; never sent over HTTP. */
  ownerToken: string;
}

export type CallContext = ServiceContext & PresentContext & { desktop?: DesktopCaller };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
