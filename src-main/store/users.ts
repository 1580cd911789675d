import type { Db } from './database';
import { newId } from './ids';

export interface UserRow {
  seq: number;
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: string;
}

export function getUserById(db: Db, id: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function getUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
}

export function insertUser(db: Db, user: { email: string; displayName: string; now: string }): UserRow {
  const id = newId();
  db.prepare('INSERT INTO users (id, email, display_name, created_at) VALUES (?, ?, ?, ?)').run(
    id,
    user.email,
    user.displayName,
    user.now,
  );
  return getUserById(db, id)!;
}

/** The user with this email, created (named after the email's local part unless a name is given) if absent. */
export function findOrCreateUser(db: Db, email: string, now: string, displayName?: string): UserRow {
  const existing = getUserByEmail(db, email);
  if (existing) return existing;
  return insertUser(db, { email, displayName: displayName ?? email.split('@')[0] ?? email, now });
}

/** True when the two users share at least one organization (what lets one see the other). */
export function usersShareOrganization(db: Db, a: string, b: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM members x JOIN members y ON x.organization_id = y.organization_id
         WHERE x.user_id = ? AND y.user_id = ? LIMIT 1`,
      )
      .get(a, b) !== undefined
  );
}

/** Changes the fields given (the email's uniqueness, case-insensitive, is the caller's to check first). */
export function updateUser(db: Db, id: string, fields: { email?: string; displayName?: string; photoUrl?: string }): UserRow | undefined {
  db.prepare(
    `UPDATE users SET email = COALESCE(?, email), display_name = COALESCE(?, display_name), photo_url = COALESCE(?, photo_url)
     WHERE id = ?`,
  ).run(fields.email ?? null, fields.displayName ?? null, fields.photoUrl ?? null, id);
  return getUserById(db, id);
}
