import { effectiveRole } from '../../src-shared/access';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { Db } from '../store/database';
import { collectionChain, decodeLevel, type CollectionRow } from '../store/collections';
import { invitedRoles, memberRoleRow, type PermissionObject } from '../store/content-permissions';
import type { SiteRow } from '../store/sites';
import type { SpaceRow } from '../store/spaces';

/**
 * THE role computation for content, used by /v1, tRPC, sync's authorization and the site preview alike, so they
 * cannot drift: the organization role, raised by the default levels of the object and the collections above it
 * and by the roles invited on any of them (to the user or a team of theirs). `undefined`: not a member.
 */
export function spaceRoleFor(db: Db, userId: string, space: SpaceRow): MemberRoleOrGuest | undefined {
  const chain = collectionChain(db, space.parent_id);
  return roleWithin(db, userId, space.organization_id, { kind: 'space', id: space.id }, decodeLevel(space.default_level), chain);
}

export function collectionRoleFor(db: Db, userId: string, collection: CollectionRow): MemberRoleOrGuest | undefined {
  // The chain starts with the collection itself: its own level and invitations.
  const chain = collectionChain(db, collection.id);
  return roleWithin(db, userId, collection.organization_id, undefined, undefined, chain);
}

/** A site has no default level: members get their organization role, invitations on the site raise it. */
export function siteRoleFor(db: Db, userId: string, site: Pick<SiteRow, 'id' | 'organization_id'>): MemberRoleOrGuest | undefined {
  const orgRole = memberRoleRow(db, site.organization_id, userId)?.role;
  if (orgRole === undefined) return undefined;
  return effectiveRole(orgRole, [], invitedRoles(db, userId, [{ kind: 'site', id: site.id }]));
}

function roleWithin(
  db: Db,
  userId: string,
  organizationId: string,
  own: PermissionObject | undefined,
  ownLevel: ReturnType<typeof decodeLevel> | undefined,
  chain: CollectionRow[],
): MemberRoleOrGuest | undefined {
  const orgRole = memberRoleRow(db, organizationId, userId)?.role;
  if (orgRole === undefined) return undefined;
  const levels = [...(ownLevel === undefined ? [] : [ownLevel]), ...chain.map((collection) => decodeLevel(collection.default_level))];
  const objects: PermissionObject[] = [...(own ? [own] : []), ...chain.map((collection) => ({ kind: 'collection' as const, id: collection.id }))];
  return effectiveRole(orgRole, levels, invitedRoles(db, userId, objects));
}
