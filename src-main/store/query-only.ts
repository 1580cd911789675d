import type { Db } from './database';

/**
 * Runs `work` with the connection refusing writes (`PRAGMA query_only`): a statement that would write throws
 * SQLITE_READONLY. Tests run every route declared `read` this way (AppConfig.checkReadRoutes), so a read route
 * that starts writing fails its tests instead of quietly joining a read snapshot. Only the synchronous part
 * of `work` is covered: other requests run at its awaits.
 */
export function refusingWrites<T>(db: Db, work: () => T): T {
  db.pragma('query_only = ON');
  try {
    return work();
  } finally {
    db.pragma('query_only = OFF');
  }
}
