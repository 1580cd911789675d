import type { Db } from './database';
import type { UserRow } from './users';

/**
 * Who a token belongs to, remembered between requests: the lookup was one of the larger shares of a small GET
 * (bench http). Remembered only while nothing that could change the answer has happened:
 * - any write to `api_tokens` or `users` on this connection (temporary triggers below; a rolled-back write
 *   forgets too, which is only cautious), and
 * - any commit by another connection (`PRAGMA data_version`): the `folio` command revoking a token while
 *   the server runs.
 * Keys are the tokens' SHA-256 digests, never the tokens.
 */
interface TokenCache {
  generation: number;
  seenGeneration: number;
  seenDataVersion: number;
  users: Map<string, RememberedToken>;
}

/** A token's user and when the token expires (installation tokens do; `null`: never). */
interface RememberedToken {
  user: Readonly<UserRow>;
  expiresAt: string | null;
}

const MAX_REMEMBERED = 1_000;
const caches = new WeakMap<Db, TokenCache>();

/** Called by openDatabase after migrating: the triggers need the tables. */
export function installTokenCache(db: Db): void {
  const cache: TokenCache = { generation: 0, seenGeneration: 0, seenDataVersion: -1, users: new Map() };
  db.function('folio_auth_changed', () => {
    cache.generation += 1;
    return null;
  });
  for (const table of ['api_tokens', 'users']) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS folio_forget_tokens_${table}_${event.toLowerCase()}
               AFTER ${event} ON main.${table} BEGIN SELECT folio_auth_changed(); END`);
    }
  }
  caches.set(db, cache);
}

/**
 * The remembered user for a token digest, or `lookup`'s answer remembered (a miss is never remembered). Expiry
 * is checked on every call, against `now`: time passing writes nothing that would make the cache forget.
 */
export function rememberedUser(db: Db, digest: string, now: string, lookup: () => RememberedToken | undefined): UserRow | undefined {
  const live = (found: RememberedToken | undefined) => (found && (found.expiresAt === null || found.expiresAt > now) ? found.user : undefined);
  const cache = caches.get(db);
  if (!cache) return live(lookup());
  const { data_version: dataVersion } = db.prepare('PRAGMA data_version').get() as { data_version: number };
  if (cache.seenGeneration !== cache.generation || cache.seenDataVersion !== dataVersion) {
    cache.users.clear();
    cache.seenGeneration = cache.generation;
    cache.seenDataVersion = dataVersion;
  }
  const known = cache.users.get(digest);
  if (known) return live(known);
  const found = lookup();
  if (!found) return undefined;
  if (cache.users.size >= MAX_REMEMBERED) cache.users.clear();
  // Shared between requests: frozen, so no caller can change what the next one sees.
  const frozen = { user: Object.freeze(found.user), expiresAt: found.expiresAt };
  cache.users.set(digest, frozen);
  return live(frozen);
}
