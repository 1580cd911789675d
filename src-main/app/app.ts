import { registerApiInformationRoutes } from '../api-information/routes';
import { registerComputedContentRoutes } from '../content/computed/routes';
import { registerRevisionDocumentRoutes } from '../content/revision-documents-routes';
import { registerTemplateRoutes } from '../content/templates-routes';
import { registerEmbedRoutes } from '../embeds/routes';
import { registerImportRunRoutes } from '../import/runs-routes';
import { registerSpacePdfRoute } from '../pdf/routes';
import { failInterruptedImportRuns } from '../store/import-runs';
import { registerUrlRoutes } from '../urls/routes';
import { registerChangeRequestContentRoutes, registerChangeRequestEditRoute } from '../change-requests/content-routes';
import { registerChangeRequestPdfRoute, registerChangeRequestRoutes } from '../change-requests/routes';
import { registerChangeRequestReviewRoutes } from '../change-requests/reviews-routes';
import { registerCollectionRoutes } from '../collections/routes';
import { registerCommentRoutes } from '../comments/routes';
import { registerContentRoutes } from '../content/routes';
import { registerFileRoutes } from '../files/routes';
import { ImportJobs } from '../import/jobs';
import { registerImportRoutes } from '../import/routes';
import { registerExportRoutes } from '../export/routes';
import { registerGitSyncRoutes } from '../git-sync/routes';
import { startGitSyncScheduler, stopGitSyncScheduler } from '../git-sync/scheduler';
import { registerInviteRoutes } from '../invites/routes';
import { registerLinkInviteRoutes } from '../link-invites/routes';
import { registerLinkRoutes } from '../links/routes';
import { registerMemberRoutes } from '../members/routes';
import { registerOrganizationRoutes } from '../orgs/routes';
import { Router } from '../http/router';
import { registerAuditEventRoutes } from '../audit-events/routes';
import { registerIntegrationRuntimeRoutes } from '../integrations/runtime-routes';
import { registerIntegrationSiteInstallationRoutes } from '../integrations/site-installation-routes';
import { registerOrganizationMembershipRoutes } from '../orgs/membership-routes';
import { registerOrganizationChangeRequestRoutes } from '../change-requests/organization-routes';
import { openDatabase, type Db } from '../store/database';
import { startWalCheckpoints } from '../store/wal-checkpoints';
import { refreshStalePageBodies } from '../content/stale-bodies';
import { registerSearchRoutes } from '../search/routes';
import { registerSiteRoutes } from '../sites/routes';
import { registerCustomFontRoutes } from '../fonts/routes';
import { registerCustomHostnameRoutes } from '../hostnames/routes';
import { registerTranslationRoutes } from '../translations/routes';
import { registerIntegrationRoutes } from '../integrations/routes';
import { registerSamlRoutes } from '../saml/routes';
import { registerOpenAPIRoutes } from '../openapi/routes';
import { resumeOpenAPIProcessing, stopOpenAPIProcessing } from '../openapi/jobs';
import { stopLinkTitles } from '../embeds/link-titles';
import { registerSpaceRoutes } from '../spaces/routes';
import { purgeExpiredSpaces } from '../spaces/service';
import { registerTeamRoutes } from '../teams/routes';
import { registerPermissionRoutes } from '../permissions/routes';
import { registerUserRoutes } from '../users/routes';
import { DocStore } from '../content/doc-store';
import { LiveRevisions } from '../content/live-revisions';
import { PresenceRooms } from '../live/presence-rooms';
import { spaceOfTree } from '../store/change-requests';
import type { UserRow } from '../store/users';
import { type AppConfig, type AppServices, type AuditSource, type Clock, type ServiceContext, systemClock } from './context';
import { registerSyncRoutes } from '../sync/routes';
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

export function createApiRouter(): Router {
  const router = new Router();
  registerUserRoutes(router);
  registerOrganizationRoutes(router);
  registerMemberRoutes(router);
  registerLinkInviteRoutes(router);
  registerInviteRoutes(router);
  registerTeamRoutes(router);
  registerSpaceRoutes(router);
  registerCollectionRoutes(router);
  registerSiteRoutes(router);
  registerCustomFontRoutes(router);
  registerCustomHostnameRoutes(router);
  registerPermissionRoutes(router);
  registerTranslationRoutes(router);
  registerIntegrationRoutes(router);
  registerSamlRoutes(router);
  registerOpenAPIRoutes(router);
  registerContentRoutes(router);
  registerSearchRoutes(router);
  registerFileRoutes(router);
  registerLinkRoutes(router);
  registerImportRoutes(router);
  registerExportRoutes(router);
  registerAuditEventRoutes(router);
  registerIntegrationSiteInstallationRoutes(router);
  registerIntegrationRuntimeRoutes(router);
  registerOrganizationMembershipRoutes(router);
  registerOrganizationChangeRequestRoutes(router);
  registerGitSyncRoutes(router);
  registerCommentRoutes(router);
  registerChangeRequestRoutes(router);
  registerChangeRequestReviewRoutes(router);
  registerChangeRequestContentRoutes(router);
  registerChangeRequestPdfRoute(router);
  registerChangeRequestEditRoute(router);
  registerSyncRoutes(router);
  registerRevisionDocumentRoutes(router);
  registerTemplateRoutes(router);
  registerComputedContentRoutes(router);
  registerSpacePdfRoute(router);
  registerEmbedRoutes(router);
  registerUrlRoutes(router);
  registerImportRunRoutes(router);
  registerApiInformationRoutes(router);
  return router;
}
