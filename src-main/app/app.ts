import { registerInviteRoutes } from '../invites/routes';
import { registerLinkInviteRoutes } from '../link-invites/routes';
import { registerMemberRoutes } from '../members/routes';
import { registerOrganizationRoutes } from '../orgs/routes';
import { Router } from '../http/router';
import { openDatabase, type Db } from '../store/database';
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

export function openApp(options: { dataDir: string; clock?: Clock }): FolioApp {
  const db = openDatabase(options.dataDir);
  return {
    dataDir: options.dataDir,
    db,
    clock: options.clock ?? systemClock,
    router: createApiRouter(),
    close: () => db.close(),
  };
}

export function createApiRouter(): Router {
  const router = new Router();
  registerUserRoutes(router);
  registerOrganizationRoutes(router);
  registerMemberRoutes(router);
  registerLinkInviteRoutes(router);
  registerInviteRoutes(router);
  registerTeamRoutes(router);
  return router;
}
