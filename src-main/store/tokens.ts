import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './database';
import { newId } from './ids';
import { rememberedUser } from './token-cache';
import type { UserRow } from './users';

interface TokenRow {
  seq: number;
  id: string;
  user_id: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
  /** Installation tokens expire (migration 037); others never do. */
  expires_at: string | null;
}

/** Tokens are stored as SHA-256 digests: a copied database file holds no usable credential. */
function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function generateToken(): string {
  return `folio_${randomBytes(24).toString('base64url')}`;
}

export function insertToken(db: Db, userId: string, token: string, now: string, label?: string, expiresAt?: string): TokenRow {
  const id = newId();
  db.prepare('INSERT INTO api_tokens (id, user_id, token_hash, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    id,
    userId,
    hashToken(token),
    label ?? null,
    now,
    expiresAt ?? null,
  );
  return db.prepare('SELECT * FROM api_tokens WHERE id = ?').get(id) as TokenRow;
}

/** The user of a live token: not revoked, and not expired at `now` (installation tokens expire). */
export function findUserByToken(db: Db, token: string, now: string = new Date().toISOString()): UserRow | undefined {
  const digest = hashToken(token);
  return rememberedUser(db, digest, now, () => {
    const row = db
      .prepare(
        `SELECT u.*, t.expires_at AS token_expires_at FROM api_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = ? AND t.revoked_at IS NULL`,
      )
      .get(digest) as (UserRow & { token_expires_at: string | null }) | undefined;
    if (!row) return undefined;
    const { token_expires_at: expiresAt, ...user } = row;
    return { user, expiresAt };
  });
}

/** Revokes one token by its value; returns whether a live token matched. */
export function revokeTokenByValue(db: Db, token: string, now: string): boolean {
  return (
    db
      .prepare('UPDATE api_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
      .run(now, hashToken(token)).changes > 0
  );
}

/** Revokes one token by its id; returns whether a live token matched. */
export function revokeTokenById(db: Db, id: string, now: string): boolean {
  return db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id).changes > 0;
}

/** Revokes every live token of a user; returns how many. */
export function revokeTokensOfUser(db: Db, userId: string, now: string): number {
  return db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(now, userId)
    .changes;
}

export function listTokens(db: Db): Array<TokenRow & { email: string }> {
  return db
    .prepare(
      `SELECT t.id, t.user_id, t.label, t.created_at, t.revoked_at, u.email FROM api_tokens t
       JOIN users u ON u.id = t.user_id ORDER BY t.seq`,
    )
    .all() as Array<TokenRow & { email: string }>;
}

/** Whether this token value was ever issued (live or revoked): a revoked value is never revived. */
export function tokenExists(db: Db, token: string): boolean {
  return db.prepare('SELECT 1 FROM api_tokens WHERE token_hash = ?').get(hashToken(token)) !== undefined;
}
