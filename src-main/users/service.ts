import type { UpdateUserInput } from '../../src-shared/schemas/users';
import type { ServiceContext } from '../app/context';
import { conflict, forbidden, notFound } from '../errors';
import { inTransaction } from '../store/database';
import { getUserByEmail, getUserById, updateUser, usersShareOrganization, type UserRow } from '../store/users';

/** A user is visible to themselves and to anyone sharing an organization with them; others get 404. */
export function getVisibleUser(ctx: ServiceContext, userId: string): UserRow {
  const user = getUserById(ctx.db, userId);
  if (!user || (user.id !== ctx.user.id && !usersShareOrganization(ctx.db, ctx.user.id, user.id))) {
    throw notFound(`User "${userId}" not found`);
  }
  return user;
}

/**
 * Changes an account's name, email or photo. Only its owner can: an admin manages memberships, not
 * someone else's identity. An email can name one account only (it is how invitations and SSO find people).
 */
export function updateUserProfile(ctx: ServiceContext, userId: string, input: UpdateUserInput): UserRow {
  return inTransaction(ctx.db, () => {
    const user = getVisibleUser(ctx, userId);
    if (user.id !== ctx.user.id) throw forbidden('You can change only your own profile');
    if (input.email !== undefined) {
      const holder = getUserByEmail(ctx.db, input.email);
      if (holder && holder.id !== user.id) throw conflict(`email: "${input.email}" is the email of another account`);
    }
    return updateUser(ctx.db, user.id, { email: input.email, displayName: input.displayName, photoUrl: input.photoURL })!;
  });
}
