import { registerCollectionRoutes } from '../collections/routes';
import { registerContentRoutes } from '../content/routes';
import { registerInviteRoutes } from '../invites/routes';
import { registerLinkInviteRoutes } from '../link-invites/routes';
import { registerMemberRoutes } from '../members/routes';
import { registerOrganizationRoutes } from '../orgs/routes';
import { Router } from '../http/router';
import { openDatabase, type Db } from '../store/database';
import { registerSpaceRoutes } from '../spaces/routes';
import { purgeExpiredSpaces } from '../spaces/service';
import { registerTeamRoutes } from '../teams/routes';
import { registerUserRoutes } from '../users/routes';
import { DocStore } from '../content/doc-store';
import { type Clock, systemClock } from './context';

/** One open data directory: the store and everything that serves it. Electron and the headless server both make one. */
export interface FolioApp {
  dataDir: string;
  db: Db;
  clock: Clock;
  docs: DocStore;
  /** The /v1 REST routes. */
  router: Router;
  close(): void;
}

const MAINTENANCE_INTERVAL_MS = 5 * 60 * 1000;

export function openApp(options: { dataDir: string; clock?: Clock }): FolioApp {
  const db = openDatabase(options.dataDir);
  const clock = options.clock ?? systemClock;
  const docs = new DocStore(db, clock);
  runMaintenance({ db, clock, docs });
  // Housekeeping; unref'd so it never keeps a process alive on its own.
  const timer = setInterval(() => runMaintenance({ db, clock, docs }), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    dataDir: options.dataDir,
    db,
    clock,
    docs,
    router: createApiRouter(),
    close: () => {
      clearInterval(timer);
      docs.flushCompactions();
      db.close();
    },
  };
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
  registerContentRoutes(router);
  return router;
}
