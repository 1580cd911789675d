import { spacePermissions } from '../../src-shared/access';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { CallContext, PresentContext } from '../app/context';
import { decodeLevel } from '../store/collections';
import { countChangeRequests } from '../store/change-requests';
import { countOpenComments } from '../store/comments';
import type { Db } from '../store/database';
import type { SpaceRow } from '../store/spaces';
import { getGitSync } from '../store/git-sync';
import { getSpaceMergeRules } from '../store/merge-rules';
import { presentGitSyncState } from '../git-sync/presenter';
import { spaceRole } from './access';

/** `gitSync`, for a space with a repository set up (docs/git-sync.md). */
function gitSyncOf(db: Db, spaceId: string) {
  const row = getGitSync(db, spaceId);
  const state = row && presentGitSyncState(row);
  return state ? { gitSync: state } : {};
}

/** `pc` carries the store (every caller passes its CallContext): the `comments` counter is read from it. */
export function presentSpace(space: SpaceRow, role: MemberRoleOrGuest | undefined, pc: PresentContext & { db: Db }) {
  const published = space.visibility !== 'private' && space.visibility !== 'in-collection';
  const requests = countChangeRequests(pc.db, space.id);
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
    // Open comments of the space's own discussion; a change request's are counted on the change request.
    comments: countOpenComments(pc.db, space.id, null),
    changeRequests: requests.all,
    changeRequestsOpen: requests.open,
    changeRequestsDraft: requests.draft,
    // 0.202.0 requires it; 0.137.0's Space does not forbid extra properties.
    mergeRules: getSpaceMergeRules(pc.db, space.id),
    permissions: spacePermissions(role),
    ...gitSyncOf(pc.db, space.id),
  };
}

/** A space for the caller, with their role on it. */
export function presentSpaceFor(ctx: CallContext, space: SpaceRow) {
  return presentSpace(space, spaceRole(ctx, space), ctx);
}
