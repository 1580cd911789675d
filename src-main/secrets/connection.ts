import type { Db } from '../store/database';
import type { Sealer } from './sealing';

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
