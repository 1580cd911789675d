import { type MemberRole, type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { badRequest, forbidden, notFound } from '../errors';
import { getCollection, type CollectionRow } from '../store/collections';
import { memberRoleRow } from '../store/content-permissions';
import { collectionRoleFor } from '../permissions/content-role';

/** The caller's organization role, `undefined` when not a member. */
export function orgRoleOf(ctx: ServiceContext, organizationId: string): MemberRoleOrGuest | undefined {
  return memberRoleRow(ctx.db, organizationId, ctx.user.id)?.role;
}

interface CollectionAccess {
  collection: CollectionRow;
  role: MemberRoleOrGuest | undefined;
}

export function collectionAccess(ctx: ServiceContext, collection: CollectionRow): CollectionAccess {
  // Default levels and invitations on it and above it (permissions/content-role.ts).
  return { collection, role: collectionRoleFor(ctx.db, ctx.user.id, collection) };
}

/**
 * A collection the caller can see (else 404, so that its existence does not leak), whose effective
 * role is at least `required` (else 403).
 */
export function requireCollection(ctx: ServiceContext, id: string, required: MemberRole = 'read', action = 'do this'): CollectionAccess {
  const collection = getCollection(ctx.db, id);
  const access = collection && collectionAccess(ctx, collection);
  if (!access || !roleAtLeast(access.role, 'read')) throw notFound(`Collection "${id}" not found`);
  if (!roleAtLeast(access.role, required)) {
    throw forbidden(`You need the "${required}" role on this collection to ${action} (yours: ${access.role ?? 'guest'})`);
  }
  return access;
}

/**
 * Where new content may go: into `parentId` (a collection of the organization where the caller can
 * create) or, when null, the organization's root (organization role create or more).
 */
export function requireCreateIn(ctx: ServiceContext, organizationId: string, parentId: string | null, field = 'parent'): void {
  if (parentId) {
    const parent = getCollection(ctx.db, parentId);
    const access = parent && parent.organization_id === organizationId ? collectionAccess(ctx, parent) : undefined;
    if (!access || !roleAtLeast(access.role, 'read')) {
      // A parent named in the body that does not resolve is a bad request about that field.
      throw badRequest(`${field}: no collection "${parentId}" in this organization`);
    }
    if (!roleAtLeast(access.role, 'create')) {
      throw forbidden(`You need the "create" role on collection "${parentId}" to add content to it`);
    }
    return;
  }
  const role = orgRoleOf(ctx, organizationId);
  if (role === undefined) throw notFound(`Organization "${organizationId}" not found`);
  if (!roleAtLeast(role, 'create')) {
    throw forbidden(`You need the "create" role in this organization to add content to it (yours: ${role ?? 'guest'})`);
  }
}
