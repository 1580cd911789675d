import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { getCollection } from '../store/collections';
import type { PermissionObjectKind } from '../store/content-permissions';
import { getSite } from '../store/sites';
import { getSpace } from '../store/spaces';
import { collectionRoleFor, siteRoleFor, spaceRoleFor } from './content-role';

/** The organization an object belongs to and the pusher's role on it (the same function /v1 uses), or undefined when it does not exist here. */
function objectAccess(ctx: ServiceContext, kind: string, id: string): { organizationId: string; role: MemberRoleOrGuest | undefined } | undefined {
  const { db, user } = ctx;
  if (kind === 'space') {
    const space = getSpace(db, id);
    return space && { organizationId: space.organization_id, role: spaceRoleFor(db, user.id, space) };
  }
  if (kind === 'collection') {
    const collection = getCollection(db, id);
    return collection && { organizationId: collection.organization_id, role: collectionRoleFor(db, user.id, collection) };
  }
  const site = kind === 'site' ? getSite(db, id) : undefined;
  return site && { organizationId: site.organization_id, role: siteRoleFor(db, user.id, site) };
}

/**
 * As /v1 (permissions/service.ts): only an admin of a space, collection or site invites to it, changes or
 * removes its invitations; the row must name the object's own organization (the one whose members it names).
 * `key`: object kind, object id, principal kind, principal id.
 */
export function contentPermissionRefusal(ctx: ServiceContext, key: readonly string[], value: (column: string) => unknown): string | undefined {
  const [kind, objectId] = key as [PermissionObjectKind, string];
  const access = objectAccess(ctx, kind, objectId);
  if (!access) return `No ${kind} "${objectId}" to invite to`;
  const organizationId = value('organization_id');
  if (organizationId !== undefined && organizationId !== access.organizationId) return `The invitation must name the organization of the ${kind}`;
  return access.role === 'admin' ? undefined : `You need the admin role on this ${kind} to change who is invited to it`;
}
