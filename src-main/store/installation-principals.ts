import type { Db } from './database';
import { getUserById, insertUser, type UserRow } from './users';

/**
 * The user an installation's tokens act as (migration 037), created with its first token. Its address is in
 * `.invalid`, a name reserved never to resolve, so it can neither sign in nor collide with a person's.
 */
export function installationPrincipal(db: Db, installation: { id: string }, displayName: string, now: string): UserRow {
  const known = db.prepare('SELECT user_id FROM installation_principals WHERE installation_id = ?').get(installation.id) as
    | { user_id: string }
    | undefined;
  if (known) return getUserById(db, known.user_id)!;
  const user = insertUser(db, { email: `installation-${installation.id}@integrations.folio.invalid`, displayName, now });
  db.prepare('INSERT INTO installation_principals (installation_id, user_id, created_at) VALUES (?, ?, ?)').run(installation.id, user.id, now);
  return user;
}

/** Whether the user is an installation's principal: it acts for the installation and joins no organization. */
export function isInstallationPrincipal(db: Db, userId: string): boolean {
  return db.prepare('SELECT 1 FROM installation_principals WHERE user_id = ?').get(userId) !== undefined;
}
