import { registerCollectionRoutes } from '../collections/routes';
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
import { type Clock, systemClock } from './context';

/** One open data directory: the store and everything that serves it. Electron and the headless server both make one. */
export interface FolioApp {
  dataDir: string;
  db: Db;
  clock: Clock;
  /** The /v1 REST routes. */
  router: Router;
  close(): void;
}

const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

export function openApp(options: { dataDir: string; clock?: Clock }): FolioApp {
  const db = openDatabase(options.dataDir);
  const clock = options.clock ?? systemClock;
  runMaintenance({ db, clock });
  // Hourly housekeeping; unref'd so it never keeps a process alive on its own.
  const timer = setInterval(() => runMaintenance({ db, clock }), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    dataDir: options.dataDir,
    db,
    clock,
    router: createApiRouter(),
    close: () => {
      clearInterval(timer);
      db.close();
    },
  };
}

/** Work that keeps a store tidy: at start, then hourly. */
export function runMaintenance(ctx: { db: Db; clock: Clock }): void {
  purgeExpiredSpaces(ctx);
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
  return router;
}
