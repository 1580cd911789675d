import { spacePermissions } from '../../src-shared/access';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { PresentContext } from '../app/context';
import { decodeLevel } from '../store/collections';
import type { SpaceRow } from '../store/spaces';

export function presentSpace(space: SpaceRow, role: MemberRoleOrGuest | undefined, pc: PresentContext) {
  const published = space.visibility !== 'private' && space.visibility !== 'in-collection';
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    createdAt: space.created_at,
    updatedAt: space.updated_at,
    ...(space.deleted_at ? { deletedAt: space.deleted_at } : {}),
    editMode: space.edit_mode,
    urls: {
      location: `${pc.baseUrl}/v1/spaces/${space.id}`,
      app: `${pc.baseUrl}/s/${space.id}`,
      ...(published ? { published: `${pc.baseUrl}/p/${space.id}/` } : {}),
      ...(space.visibility === 'public' ? { public: `${pc.baseUrl}/p/${space.id}/` } : {}),
    },
    organization: space.organization_id,
    ...(space.parent_id ? { parent: space.parent_id } : {}),
    revision: space.revision_id,
    defaultLevel: decodeLevel(space.default_level),
    // Comments and change requests arrive with their issue; until then a space has none.
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    permissions: spacePermissions(role),
  };
}
