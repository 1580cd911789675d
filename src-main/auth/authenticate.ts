import { unauthorized } from '../errors';
import type { Db } from '../store/database';
import { findUserByToken } from '../store/tokens';
import type { UserRow } from '../store/users';

/** Resolves `Authorization: Bearer <token>` to its user; a missing, malformed, revoked or expired token is a 401. */
export function authenticate(db: Db, authorization: string | undefined, now?: string): UserRow {
  if (!authorization) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API token>"');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <API token>"');
  const user = findUserByToken(db, match[1]!, now);
  if (!user) throw unauthorized('Invalid, revoked or expired API token');
  return user;
}
