import { unauthorized } from '../errors';
import type { Db } from '../store/database';
import { findUserByToken } from '../store/tokens';
import type { UserRow } from '../store/users';

/** Resolves `Authorization: Bearer <token>` to its user; a missing, malformed or revoked token is a 401. */
export function authenticate(db: Db, authorization: string | undefined): UserRow {
  if (!authorization) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API token>"');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <API token>"');
  const user = findUserByToken(db, match[1]!);
  if (!user) throw unauthorized('Invalid or revoked API token');
  return user;
}
