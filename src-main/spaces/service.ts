import type { MoveInput } from '../../src-shared/schemas/content';
import type { CreateSpaceInput, UpdateSpaceInput } from '../../src-shared/schemas/spaces';
import { type ServiceContext, isoNow } from '../app/context';
import { orgRoleOf, requireCreateIn } from '../collections/access';
import { copyTreeContent, cutRevision, deleteTreeDocuments } from '../content/engine';
import { placeAmongSiblings } from '../content-tree/placement';
import { conflict, notFound } from '../errors';
import { requireMembership } from '../orgs/access';
import { encodeLevel, getCollection } from '../store/collections';
import { spacesReachedByGuest } from '../store/content-permissions';
import { inTransaction } from '../store/database';
import { setSpaceMergeRules } from '../store/merge-rules';
import { deleteTreeVersions } from '../store/revisions';
import { unindexSpace } from '../store/search';
import { deleteTreeLinks } from '../store/links';
import { deleteTreeFileVersions } from '../store/content-files';
import { deleteTreeReusableVersions } from '../store/content-reusables';
import type { PageRequest } from '../store/keyset';
import { deleteSpaceRow, getSpace, insertSpace, listSpacesOfOrganization, spacesDeletedBefore, updateSpace, type SpaceRow } from '../store/spaces';
import { SPACE_RETENTION_MS, requireSpace, spaceRole } from './access';
import { withoutCapture } from '../store/sync-capture';
import { changedFields, recordAuditEvent } from '../audit-events/record';

export function createSpace(ctx: ServiceContext, organizationId: string, input: CreateSpaceInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireMembership(ctx, organizationId);
    const parentId = input.parent ?? null;
    requireCreateIn(ctx, org.id, parentId);
    const space = insertSpace(ctx.db, {
      organizationId: org.id,
      parentId,
      title: input.title ?? '',
      emoji: input.emoji ?? null,
      editMode: input.editMode ?? 'live',
      createdBy: ctx.user.id,
      now: isoNow(ctx.clock),
    });
    recordAuditEvent(ctx, org.id, 'space.created', spaceTarget(space));
    return withRole(ctx, space);
  });
}

/**
 * Every live space of the organization: each non-guest member can read them all (their role is at least read);
 * a guest, only those they were invited to (directly, through a team or a collection).
 */
export function listOrganizationSpaces(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const { org, role } = requireMembership(ctx, organizationId);
  if (role === null) return listSpacesOfOrganization(ctx.db, org.id, page, spacesReachedByGuest(ctx.db, org.id, ctx.user.id));
  return listSpacesOfOrganization(ctx.db, org.id, page);
}

export function getSpaceForCaller(ctx: ServiceContext, spaceId: string) {
  return requireSpace(ctx, spaceId, { allowDeleted: true });
}

export function updateSpaceSettings(ctx: ServiceContext, spaceId: string, input: UpdateSpaceInput) {
  return inTransaction(ctx.db, () => {
    const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'change its settings' });
    updateSpace(ctx.db, space.id, {
      title: input.title,
      emoji: input.emoji,
      edit_mode: input.editMode,
      default_level: input.defaultLevel === undefined ? undefined : encodeLevel(input.defaultLevel),
      updated_at: isoNow(ctx.clock),
    });
    if (input.mergeRules) setSpaceMergeRules(ctx.db, space.id, input.mergeRules, isoNow(ctx.clock));
    recordAuditEvent(ctx, space.organization_id, 'space.updated', spaceTarget(space), { fields: changedFields(input) });
    return withRole(ctx, getSpace(ctx.db, space.id)!);
  });
}

/** Moves a space to the trash: restorable for 7 days, then purged. */
export function deleteSpace(ctx: ServiceContext, spaceId: string): void {
  inTransaction(ctx.db, () => {
    const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'delete it' });
    const now = isoNow(ctx.clock);
    updateSpace(ctx.db, space.id, { deleted_at: now, deleted_by: ctx.user.id, updated_at: now });
    recordAuditEvent(ctx, space.organization_id, 'space.deleted', spaceTarget(space));
  });
}

export function restoreSpace(ctx: ServiceContext, spaceId: string) {
  return inTransaction(ctx.db, () => {
    const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'restore it', allowDeleted: true });
    if (!space.deleted_at) throw conflict('This space is not deleted');
    // Its collection may have been deleted meanwhile: it then comes back at the organization's root.
    const parentId = space.parent_id && getCollection(ctx.db, space.parent_id) ? space.parent_id : null;
    updateSpace(ctx.db, space.id, {
      deleted_at: null,
      deleted_by: null,
      parent_id: parentId,
      visibility: !parentId && space.visibility === 'in-collection' ? 'private' : undefined,
      updated_at: isoNow(ctx.clock),
    });
    placeAmongSiblings(ctx.db, space.organization_id, parentId, { kind: 'space', id: space.id }, undefined);
    recordAuditEvent(ctx, space.organization_id, 'space.restored', spaceTarget(space));
    return withRole(ctx, getSpace(ctx.db, space.id)!);
  });
}

/** A copy of the space beside it, with the same settings and content (its first revision holds it all). */
export function duplicateSpace(ctx: ServiceContext, spaceId: string) {
  return ctx.docs.write((writer) => {
    const { space } = requireSpace(ctx, spaceId, { action: 'duplicate it' });
    requireCreateIn(ctx, space.organization_id, space.parent_id);
    const copy = insertSpace(ctx.db, {
      organizationId: space.organization_id,
      parentId: space.parent_id,
      title: space.title,
      emoji: space.emoji,
      editMode: space.edit_mode,
      createdBy: ctx.user.id,
      now: isoNow(ctx.clock),
    });
    updateSpace(ctx.db, copy.id, { default_level: space.default_level, visibility: space.visibility });
    placeAmongSiblings(ctx.db, space.organization_id, space.parent_id, { kind: 'space', id: copy.id }, {
      after: { type: 'space', space: space.id },
    });
    copyTreeContent(ctx, writer, { spaceId: space.id, treeId: space.id }, { spaceId: copy.id, treeId: copy.id });
    cutRevision(ctx, { spaceId: copy.id, treeId: copy.id }, 'edits', ctx.user.id);
    recordAuditEvent(ctx, space.organization_id, 'space.duplicated', spaceTarget(copy), { source: space.id });
    return withRole(ctx, getSpace(ctx.db, copy.id)!);
  });
}

export function moveSpace(ctx: ServiceContext, spaceId: string, input: MoveInput) {
  return inTransaction(ctx.db, () => {
    const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'move it' });
    const parentId = input.parent === undefined ? space.parent_id : input.parent;
    if (parentId !== space.parent_id) requireCreateIn(ctx, space.organization_id, parentId);
    updateSpace(ctx.db, space.id, {
      parent_id: parentId,
      visibility: !parentId && space.visibility === 'in-collection' ? 'private' : undefined,
      updated_at: isoNow(ctx.clock),
    });
    placeAmongSiblings(ctx.db, space.organization_id, parentId, { kind: 'space', id: space.id }, input.position);
    recordAuditEvent(ctx, space.organization_id, 'space.moved', spaceTarget(space), { parent: parentId });
    return withRole(ctx, getSpace(ctx.db, space.id)!);
  });
}

/** Moves the space to the root of another organization where the caller can create content. */
export function transferSpace(ctx: ServiceContext, spaceId: string, organizationId: string) {
  return inTransaction(ctx.db, () => {
    const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'transfer it' });
    if (organizationId === space.organization_id) throw conflict('The space is already in this organization');
    if (orgRoleOf(ctx, organizationId) === undefined) throw notFound(`organization: no organization "${organizationId}"`);
    requireCreateIn(ctx, organizationId, null);
    updateSpace(ctx.db, space.id, {
      organization_id: organizationId,
      parent_id: null,
      visibility: space.visibility === 'in-collection' ? 'private' : undefined,
      updated_at: isoNow(ctx.clock),
    });
    placeAmongSiblings(ctx.db, organizationId, null, { kind: 'space', id: space.id }, undefined);
    // Both organizations' admins see the space leave or arrive.
    recordAuditEvent(ctx, space.organization_id, 'space.transferred', spaceTarget(space), { to: organizationId });
    recordAuditEvent(ctx, organizationId, 'space.transferred', spaceTarget(space), { from: space.organization_id });
    return withRole(ctx, getSpace(ctx.db, space.id)!);
  });
}

/** Removes spaces whose 7 days in the trash are over, with their content. Runs at start and periodically. */
export function purgeExpiredSpaces(ctx: Pick<ServiceContext, 'db' | 'clock' | 'docs'>): number {
  const cutoff = new Date(ctx.clock.now().getTime() - SPACE_RETENTION_MS).toISOString();
  const expired = spacesDeletedBefore(ctx.db, cutoff);
  for (const id of expired) {
    // Every replica purges on its own once the retention has passed: a purge is not a change to sync.
    withoutCapture(ctx.db, () => inTransaction(ctx.db, () => {
      deleteTreeDocuments(ctx, id);
      deleteTreeVersions(ctx.db, id);
      unindexSpace(ctx.db, id);
      deleteTreeLinks(ctx.db, id);
      deleteTreeFileVersions(ctx.db, id);
      deleteTreeReusableVersions(ctx.db, id);
      deleteSpaceRow(ctx.db, id);
    }));
  }
  return expired.length;
}

function withRole(ctx: ServiceContext, space: SpaceRow) {
  return { space, role: spaceRole(ctx, space) };
}

function spaceTarget(space: SpaceRow) {
  return { type: 'space', id: space.id, label: space.title };
}
