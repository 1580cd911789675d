import type { MemberRole, MemberRoleOrGuest } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import type { TreeRef } from '../content/engine';
import { conflict, notFound } from '../errors';
import { requireSpace } from '../spaces/access';
import { findChangeRequest, type ChangeRequestRow } from '../store/change-requests';
import type { SpaceRow } from '../store/spaces';

interface ChangeRequestAccess {
  space: SpaceRow;
  changeRequest: ChangeRequestRow;
  role: MemberRoleOrGuest | undefined;
}

/** A change request of a space the caller can see, addressed by id or number (else 404). */
export function requireChangeRequest(
  ctx: ServiceContext,
  spaceId: string,
  changeRequestId: string,
  required: MemberRole = 'read',
  action = 'do this',
): ChangeRequestAccess {
  const { space, role } = requireSpace(ctx, spaceId, { required, action });
  const changeRequest = findChangeRequest(ctx.db, space.id, changeRequestId);
  if (!changeRequest) throw notFound(`Change request "${changeRequestId}" not found`);
  return { space, changeRequest, role };
}

export const treeOf = (cr: ChangeRequestRow): TreeRef => ({ spaceId: cr.space_id, treeId: cr.id });

/** A merged change request is history: its content no longer changes. */
export function assertChangeRequestOpenForEdits(cr: ChangeRequestRow): void {
  if (cr.status === 'merged') throw conflict(`Change request #${cr.number} is merged: its content can no longer change`);
}
