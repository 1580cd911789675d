import type { Db } from '../store/database';
import type { FieldChange } from '../store/sync-changes';
import { sealSecret, unsealSecret } from '../store/secret-sealer';
import { isSealedColumn } from '../store/synced-datasets';

/**
 * The boundary between secrets at rest and sync (docs/sync.md, "Secrets"). Each replica seals its secrets with
 * its own key, in its rows and in its change log; the wire (the authenticated sync protocol) carries them
 * open, so the receiver can seal them with its key. Only the columns datasets mark `sealed` are touched.
 */

/** A recorded change as it is sent: its secret, if it carries one, unsealed with this replica's key. */
export function openForSending<T extends FieldChange>(db: Db, change: T): T {
  const secret = secretOf(change);
  return secret === undefined ? change : { ...change, value: JSON.stringify(unsealSecret(db, secret)) };
}

/** A received change as it is recorded here: its secret, if it carries one, sealed with this replica's key. */
export function sealReceived<T extends FieldChange>(db: Db, change: T): T {
  const secret = secretOf(change);
  return secret === undefined ? change : { ...change, value: JSON.stringify(sealSecret(db, secret)) };
}

/** The text a change of a sealed column carries (a secret cleared to null carries none). */
function secretOf(change: FieldChange): string | undefined {
  if (change.value === null || !isSealedColumn(change)) return undefined;
  const value = JSON.parse(change.value) as unknown;
  return typeof value === 'string' ? value : undefined;
}
