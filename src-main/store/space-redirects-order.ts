import type { Db } from './database';
import type { SpaceRedirectRow } from './space-redirects';

/** A space's redirects in the order they were first made (an imported `.gitbook.yaml`'s own order), for exports. */
export function listSpaceRedirectsInCreationOrder(db: Db, spaceId: string): SpaceRedirectRow[] {
  return db.prepare('SELECT * FROM space_redirects WHERE space_id = ? ORDER BY seq').all(spaceId) as SpaceRedirectRow[];
}
