import { failInterruptedImportRuns } from '../store/import-runs';
import { urlSigningSecret } from '../files/signing';
import { previewSecret } from '../sites/preview/credentials';
import { ImportJobs } from '../import/jobs';
import { startGitSyncScheduler, stopGitSyncScheduler } from '../git-sync/scheduler';
import { Router } from '../http/router';
import { createApiRouter } from '../http/api-router';
import { openDatabase, type Db } from '../store/database';
import { startWalCheckpoints } from '../store/wal-checkpoints';
import { refreshStalePageBodies } from '../content/stale-bodies';
import { resumeOpenAPIProcessing, stopOpenAPIProcessing } from '../openapi/jobs';
import { stopLinkTitles } from '../embeds/link-titles';
import { purgeExpiredSpaces } from '../spaces/service';
import { DocStore } from '../content/doc-store';
import { LiveRevisions } from '../content/live-revisions';
import { PresenceRooms } from '../live/presence-rooms';
import { spaceOfTree } from '../store/change-requests';
import type { UserRow } from '../store/users';
import { type AppConfig, type AppServices, type AuditSource, type Clock, type ServiceContext, systemClock } from './context';
import { SyncAttachment } from '../sync/attachment';
import { keyFileStore, type SecretKeyStore } from '../secrets/key-store';
import { openSecrets } from '../secrets/open';

/** One open data directory: the store and everything that serves it. Electron and the headless server both make one. */
export interface FolioApp extends AppServices {
  dataDir: string;
  /** The /v1 REST routes. */
  router: Router;
  close(): void;
}

const MAINTENANCE_INTERVAL_MS = 5 * 60 * 1000;
const WAL_CHECKPOINT_INTERVAL_MS = 1_000;

export function openApp(options: {
  dataDir: string;
  clock?: Clock;
  config?: Partial<AppConfig>;
  /** Where the key sealing the store's secrets lives: `<dataDir>/secrets.key` unless the desktop gives its keychain-backed one. */
  secretKeys?: SecretKeyStore;
  /** The key is lost: start with a new one, replacing every secret (`folio serve --reset-secrets`). */
  resetLostSecrets?: boolean;
}): FolioApp {
  const db = openDatabase(options.dataDir);
  try {
    openSecrets(db, options.secretKeys ?? keyFileStore(options.dataDir), { resetLostSecrets: options.resetLostSecrets });
    // The signing keys are made now rather than on first use, so that reading (a file's signed URL) never writes.
    urlSigningSecret(db);
    previewSecret(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const clock = options.clock ?? systemClock;
  const docs = new DocStore(db, clock);
  const live = new LiveRevisions({ db, clock, docs });
  // Keystrokes acknowledged before a crash are in their documents; their pages' markdown catches up first.
  refreshStalePageBodies({ db, clock, docs });
  live.recover((treeId) => spaceOfTree(db, treeId));
  const stopCheckpoints = startWalCheckpoints(db, options.config?.walCheckpointIntervalMs ?? WAL_CHECKPOINT_INTERVAL_MS);
  runMaintenance({ db, clock, docs });
  // An import run reads its source in this process's memory: one a previous process left running cannot resume.
  failInterruptedImportRuns(db, 'Folio stopped while this import was running: start it again', clock.now().toISOString());
  // Housekeeping; unref'd so it never keeps a process alive on its own.
  const timer = setInterval(() => runMaintenance({ db, clock, docs }), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  const app: FolioApp = {
    dataDir: options.dataDir,
    db,
    clock,
    docs,
    live,
    presence: new PresenceRooms(),
    config: { allowFileImports: false, ...options.config, dataDir: options.dataDir },
    imports: new ImportJobs(),
    sync: new SyncAttachment(() => appServices(app)),
    router: createApiRouter(),
    close: () => {
      void app.sync.detach();
      app.presence.close();
      stopOpenAPIProcessing(db);
      stopGitSyncScheduler(db);
      stopLinkTitles(db);
      clearInterval(timer);
      stopCheckpoints();
      live.flush();
      docs.flushCompactions();
      db.close();
    },
  };
  resumeOpenAPIProcessing(app);
  startGitSyncScheduler(app, (user) => serviceContext(app, user), options.config?.gitSyncTickMs);
  return app;
}

/** The services of an open app, without the app's own bookkeeping. */
export function appServices(app: AppServices): AppServices {
  return { db: app.db, clock: app.clock, docs: app.docs, live: app.live, presence: app.presence, config: app.config, imports: app.imports, sync: app.sync };
}

// The contexts below are written out, not `{ ...appServices(app), user }`: on Node 20, every property added
// after a leading spread costs about a microsecond (a context is built on every request; bench http).

/** The context of a service call made by `user` against this app. */
export function serviceContext(app: AppServices, user: UserRow): ServiceContext {
  return { db: app.db, clock: app.clock, docs: app.docs, live: app.live, presence: app.presence, config: app.config, imports: app.imports, sync: app.sync, user };
}

/** The context of a `/v1` or tRPC call: a service call whose answers name this host by `baseUrl` (tRPC: maybe nobody signed in). */
export function callContext<U extends UserRow | undefined>(
  app: AppServices,
  user: U,
  baseUrl: string,
  source: AuditSource,
): AppServices & { user: U; baseUrl: string; source: AuditSource } {
  return { db: app.db, clock: app.clock, docs: app.docs, live: app.live, presence: app.presence, config: app.config, imports: app.imports, sync: app.sync, user, baseUrl, source };
}

/** Work that keeps a store tidy: at start, then every few minutes. */
export function runMaintenance(ctx: { db: Db; clock: Clock; docs: DocStore }): void {
  purgeExpiredSpaces(ctx);
  ctx.docs.evictIdle();
}

