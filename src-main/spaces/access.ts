import { type MemberRole, type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { Clock, ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { spaceRoleFor } from '../permissions/content-role';
import { getSpace, type SpaceRow } from '../store/spaces';

/** How long a deleted space can be restored; after that it is gone (and purged). */
export const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

interface SpaceAccess {
  space: SpaceRow;
  role: MemberRoleOrGuest | undefined;
}

/** The caller's role on the space: organization role, default levels and invitations (permissions/content-role.ts). */
export function spaceRole(ctx: ServiceContext, space: SpaceRow): MemberRoleOrGuest | undefined {
  return spaceRoleFor(ctx.db, ctx.user.id, space);
}

function isPastRetention(space: SpaceRow, clock: Clock): boolean {
  return space.deleted_at !== null && clock.now().getTime() - Date.parse(space.deleted_at) > SPACE_RETENTION_MS;
}

interface RequireSpaceOptions {
  required?: MemberRole;
  action?: string;
  /** Deleted spaces are only reachable by reads and restore. */
  allowDeleted?: boolean;
}

/** A space the caller can see (else 404: existence does not leak) with at least the required role (else 403). */
export function requireSpace(ctx: ServiceContext, id: string, options: RequireSpaceOptions = {}): SpaceAccess {
  const space = getSpace(ctx.db, id);
  const gone = !space || isPastRetention(space, ctx.clock) || (space.deleted_at !== null && !options.allowDeleted);
  const role = space && !gone ? spaceRole(ctx, space) : undefined;
  if (!space || gone || !roleAtLeast(role, 'read')) throw notFound(`Space "${id}" not found`);
  const required = options.required ?? 'read';
  if (!roleAtLeast(role, required)) {
    throw forbidden(`You need the "${required}" role on this space to ${options.action ?? 'do this'} (yours: ${role ?? 'guest'})`);
  }
  return { space, role };
}

/** The one check every content write calls: a locked space accepts none. */
export function assertSpaceWritable(space: SpaceRow): void {
  if (space.edit_mode === 'locked') {
    throw forbidden('This space is locked: set its editMode to "live" to change its content');
  }
}
