import type { ServiceContext } from '../app/context';
import { notFound } from '../errors';
import { getUserById, usersShareOrganization, type UserRow } from '../store/users';

/** A user is visible to themselves and to anyone sharing an organization with them; others get 404. */
export function getVisibleUser(ctx: ServiceContext, userId: string): UserRow {
  const user = getUserById(ctx.db, userId);
  if (!user || (user.id !== ctx.user.id && !usersShareOrganization(ctx.db, ctx.user.id, user.id))) {
    throw notFound(`User "${userId}" not found`);
  }
  return user;
}
