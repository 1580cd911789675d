import { type MemberRole, type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { requireChangeRequest } from '../change-requests/access';
import { forbidden } from '../errors';
import { requireSpace } from '../spaces/access';
import type { CommentScope } from '../store/comments';
import { latestRevisionOfTree } from '../store/revisions';
import type { SpaceRow } from '../store/spaces';

/** A comments prefix as addressed: a space, or a change request of it (by id or number). */
export interface CommentPlaceRef {
  spaceId: string;
  changeRequestId?: string;
}

/** A resolved prefix the caller may use: the space, the caller's role, and where its comments and pages live. */
export interface CommentPlace {
  space: SpaceRow;
  role: MemberRoleOrGuest | undefined;
  scope: CommentScope;
  /** The content tree comments target pages of: the space's main content, or the change request's. */
  treeId: string;
  /** The revision a new comment is posted against (target.revision). */
  revisionId: string;
  /** `/v1/spaces/{id}` or `/v1/spaces/{id}/change-requests/{crId}`: where the comments' URLs start. */
  path: string;
  /** Words for messages: "space" or "change request". */
  noun: string;
}

interface PlaceNeeds {
  role?: MemberRole;
  action?: string;
  /** Writes never reach a space in the trash; reads do, as reading the space itself does. */
  write?: boolean;
}

/** The prefix, if the caller can see it (else 404: existence does not leak) with at least `needs.role` (else 403). */
export function requirePlace(ctx: ServiceContext, ref: CommentPlaceRef, needs: PlaceNeeds = {}): CommentPlace {
  const required = needs.role ?? 'read';
  const action = needs.action ?? 'do this';
  if (ref.changeRequestId === undefined) {
    const { space, role } = requireSpace(ctx, ref.spaceId, { required, action, allowDeleted: !needs.write });
    return {
      space,
      role,
      scope: { spaceId: space.id, changeRequestId: null },
      treeId: space.id,
      revisionId: space.revision_id,
      path: `/v1/spaces/${space.id}`,
      noun: 'space',
    };
  }
  const { space, role, changeRequest } = requireChangeRequest(ctx, ref.spaceId, ref.changeRequestId, required, action);
  return {
    space,
    role,
    scope: { spaceId: space.id, changeRequestId: changeRequest.id },
    treeId: changeRequest.id,
    // A change request's own revisions carry its tree id; before its first, it is its base.
    revisionId: latestRevisionOfTree(ctx.db, changeRequest.id)?.id ?? changeRequest.revision_initial,
    path: `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`,
    noun: 'change request',
  };
}

/** What the caller may do with a comment or reply: the `permissions` object and the checks behind it. */
export function commentPermissions(role: MemberRoleOrGuest | undefined, userId: string, authorId: string) {
  // Taking part in a discussion (replying, reacting, and changing one's own words) needs the comment role.
  const canComment = roleAtLeast(role, 'comment');
  const isAuthor = userId === authorId;
  return {
    view: roleAtLeast(role, 'read'),
    edit: isAuthor && canComment,
    reply: canComment,
    delete: (isAuthor && canComment) || role === 'admin',
  };
}

export function assertCanEdit(place: CommentPlace, userId: string, authorId: string, what: string): void {
  if (userId !== authorId) throw forbidden(`Only the author of a ${what} can edit it`);
  if (!roleAtLeast(place.role, 'comment')) throw roleMissing(place, `edit this ${what}`);
}

export function assertCanDelete(place: CommentPlace, userId: string, authorId: string, what: string): void {
  if (!commentPermissions(place.role, userId, authorId).delete) {
    throw userId === authorId
      ? roleMissing(place, `delete this ${what}`)
      : forbidden(`Only the author of a ${what} or an admin of the space can delete it`);
  }
}

function roleMissing(place: CommentPlace, action: string) {
  return forbidden(`You need the "comment" role on this space to ${action} (yours: ${place.role ?? 'guest'})`);
}
