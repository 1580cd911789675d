import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { PermissionTarget } from '../../src-shared/schemas/permissions';
import type { ServiceContext } from '../app/context';
import { requireCollection } from '../collections/access';
import { requireSite } from '../sites/access';
import { requireSpace } from '../spaces/access';
import type { Db } from '../store/database';
import type { PermissionObject } from '../store/content-permissions';
import { collectionRoleFor, siteRoleFor, spaceRoleFor } from './content-role';

/** A space, collection or site the caller may see, resolved for its permissions. */
interface ResolvedTarget {
  object: PermissionObject;
  organizationId: string;
  /** Anyone's role on it: the one computation every surface uses (content-role.ts). */
  roleOf: (db: Db, userId: string) => MemberRoleOrGuest | undefined;
}

const MANAGE = 'change who is invited to it';

/**
 * The object named by `target`, if the caller can see it (else 404: existence does not leak); `manage`: the
 * caller must be an admin of it (else 403), as GitBook asks for changing who is invited.
 */
export function resolveTarget(ctx: ServiceContext, target: PermissionTarget, manage: boolean): ResolvedTarget {
  switch (target.kind) {
    case 'space': {
      const { space } = requireSpace(ctx, target.spaceId, manage ? { required: 'admin', action: MANAGE } : {});
      return { object: { kind: 'space', id: space.id }, organizationId: space.organization_id, roleOf: (db, userId) => spaceRoleFor(db, userId, space) };
    }
    case 'collection': {
      const { collection } = requireCollection(ctx, target.collectionId, manage ? 'admin' : 'read', MANAGE);
      return {
        object: { kind: 'collection', id: collection.id },
        organizationId: collection.organization_id,
        roleOf: (db, userId) => collectionRoleFor(db, userId, collection),
      };
    }
    case 'site': {
      const { site } = requireSite(ctx, target.organizationId, target.siteId, manage ? MANAGE : undefined);
      return { object: { kind: 'site', id: site.id }, organizationId: site.organization_id, roleOf: (db, userId) => siteRoleFor(db, userId, site) };
    }
  }
}
