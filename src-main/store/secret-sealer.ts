import type { Db } from './database';

/** What seals and opens secrets with the instance's key (secrets/sealing.ts makes one). */
export interface Sealer {
  seal(plaintext: string): string;
  /** The plaintext of a sealed value; a value that is not sealed (written before sealing existed) as it is. */
  unseal(stored: string): string;
  /** A digest of the key, kept in the database to recognise the right key at the next start (it reveals nothing of the key). */
  fingerprint: string;
}

/** The sealer attached to each store connection: the store seals and opens secret columns through it. */
const sealers = new WeakMap<Db, Sealer>();

/** Makes `sealer` the one every secret read or written on this connection goes through (openSecrets does). */
export function attachSealer(db: Db, sealer: Sealer): void {
  sealers.set(db, sealer);
}

export function sealerOf(db: Db): Sealer {
  const sealer = sealers.get(db);
  // A connection opened without openApp (the `folio token` CLI, store tests) has no business with secrets.
  if (!sealer) throw new Error('the secrets of this store are not open on this connection (openApp opens them)');
  return sealer;
}

export function sealSecret(db: Db, plaintext: string): string {
  return sealerOf(db).seal(plaintext);
}

export function unsealSecret(db: Db, stored: string): string {
  return sealerOf(db).unseal(stored);
}

export function unsealNullable(db: Db, stored: string | null): string | null {
  return stored === null ? null : unsealSecret(db, stored);
}

/**
 * The value to store for `plaintext` where `stored` is kept now: the stored text itself when it already seals
 * the same secret. Sealing is randomised, so resealing an unchanged secret would look like a change to sync.
 */
export function sealUnlessUnchanged(db: Db, plaintext: string | null, stored: string | null | undefined): string | null {
  if (plaintext === null) return null;
  if (stored !== null && stored !== undefined && unsealSecret(db, stored) === plaintext) return stored;
  return sealSecret(db, plaintext);
}
