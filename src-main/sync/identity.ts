import type { AppServices } from '../app/context';
import { getSetting } from '../store/settings';
import { getUserById, type UserRow } from '../store/users';
import { REMOTE_USER_SETTING } from './client';

/**
 * Who the desktop acts as: the writer's account on the team server once it has synced here (so what they
 * write locally is theirs on the server too), else the local owner (docs/sync.md, "Identity").
 */
export function actingUser(app: Pick<AppServices, 'db'>, owner: UserRow): UserRow {
  const remoteUserId = getSetting(app.db, REMOTE_USER_SETTING);
  return (remoteUserId ? getUserById(app.db, remoteUserId) : undefined) ?? getUserById(app.db, owner.id) ?? owner;
}
