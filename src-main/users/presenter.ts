import type { PresentContext } from '../app/context';
import type { UserRow } from '../store/users';

type UserFields = Pick<UserRow, 'id' | 'email' | 'display_name' | 'photo_url'>;

export function presentUser(user: UserFields, pc: PresentContext) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    ...(user.photo_url ? { photoURL: user.photo_url } : {}),
    urls: { location: `${pc.baseUrl}/v1/users/${user.id}` },
  };
}

/** A member row carries the user's columns under `user_id`. */
export function presentUserOfRow(row: { user_id: string; email: string; display_name: string; photo_url: string | null }, pc: PresentContext) {
  return presentUser({ id: row.user_id, email: row.email, display_name: row.display_name, photo_url: row.photo_url }, pc);
}
