import type { CreateCollectionInput, UpdateCollectionInput } from '../../src-shared/schemas/collections';
import type { MoveInput } from '../../src-shared/schemas/content';
import { roleAtLeast } from '../../src-shared/roles';
import { type ServiceContext, isoNow } from '../app/context';
import { placeAmongSiblings } from '../content-tree/placement';
import { badRequest, conflict, notFound } from '../errors';
import { requireMembership } from '../orgs/access';
import {
  collectionSubtree,
  deleteCollectionRows,
  getCollection,
  insertCollection,
  listCollections,
  moveCollectionsToOrganization,
  setCollectionParent,
  updateCollection,
} from '../store/collections';
import { collectionsReachedByGuest } from '../store/content-permissions';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { deleteSpacesInCollections, listSpacesOfCollection } from '../store/spaces';
import { collectionAccess, orgRoleOf, requireCollection, requireCreateIn } from './access';
import { changedFields, recordAuditEvent } from '../audit-events/record';

export function createCollection(ctx: ServiceContext, organizationId: string, input: CreateCollectionInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireMembership(ctx, organizationId);
    const parentId = input.parent ?? null;
    requireCreateIn(ctx, org.id, parentId);
    const collection = insertCollection(ctx.db, { organizationId: org.id, parentId, title: input.title ?? '', now: isoNow(ctx.clock) });
    recordAuditEvent(ctx, org.id, 'collection.created', { type: 'collection', id: collection.id, label: collection.title });
    return collectionAccess(ctx, collection);
  });
}

/** All collections of the organization (`nested` false: top-level ones only); guests see those they were invited to (and what is inside them). */
export function listOrganizationCollections(ctx: ServiceContext, organizationId: string, options: { nested: boolean }, page: PageRequest) {
  const { org, role } = requireMembership(ctx, organizationId);
  const onlyIds = role === null ? collectionsReachedByGuest(ctx.db, org.id, ctx.user.id) : undefined;
  return listCollections(ctx.db, org.id, { topLevelOnly: !options.nested, onlyIds }, page);
}

export function getCollectionForCaller(ctx: ServiceContext, collectionId: string) {
  return requireCollection(ctx, collectionId);
}

export function updateCollectionSettings(ctx: ServiceContext, collectionId: string, input: UpdateCollectionInput) {
  return inTransaction(ctx.db, () => {
    const { collection } = requireCollection(ctx, collectionId, 'admin', 'change its settings');
    updateCollection(ctx.db, collection.id, {
      title: input.title,
      description: input.description,
      default_level: input.defaultLevel,
      updated_at: isoNow(ctx.clock),
    });
    recordAuditEvent(ctx, collection.organization_id, 'collection.updated', { type: 'collection', id: collection.id, label: collection.title }, { fields: changedFields(input) });
    return collectionAccess(ctx, getCollection(ctx.db, collection.id)!);
  });
}

/**
 * Deletes the collection and the collections nested in it. Their spaces go to the trash, as a
 * deleted space does: restorable for 7 days, coming back at the organization's root.
 * Returns false when there was no such collection (the API then answers 204, "did not exist").
 */
export function deleteCollection(ctx: ServiceContext, collectionId: string): boolean {
  return inTransaction(ctx.db, () => {
    const existing = getCollection(ctx.db, collectionId);
    // One the caller cannot see did not exist, as far as they may know.
    if (!existing || !roleAtLeast(collectionAccess(ctx, existing).role, 'read')) return false;
    const { collection } = requireCollection(ctx, collectionId, 'admin', 'delete it');
    const subtree = collectionSubtree(ctx.db, collection.id);
    deleteSpacesInCollections(ctx.db, subtree, ctx.user.id, isoNow(ctx.clock));
    deleteCollectionRows(ctx.db, collection.id);
    recordAuditEvent(ctx, collection.organization_id, 'collection.deleted', { type: 'collection', id: collection.id, label: collection.title });
    return true;
  });
}

export function listCollectionSpaces(ctx: ServiceContext, collectionId: string, page: PageRequest) {
  const { collection } = requireCollection(ctx, collectionId);
  return listSpacesOfCollection(ctx.db, collection.id, page);
}

export function moveCollection(ctx: ServiceContext, collectionId: string, input: MoveInput) {
  return inTransaction(ctx.db, () => {
    const { collection } = requireCollection(ctx, collectionId, 'admin', 'move it');
    const parentId = input.parent === undefined ? collection.parent_id : input.parent;
    if (parentId && collectionSubtree(ctx.db, collection.id).includes(parentId)) {
      throw badRequest('parent: a collection cannot be moved into itself or one of its own collections');
    }
    if (parentId !== collection.parent_id) requireCreateIn(ctx, collection.organization_id, parentId);
    setCollectionParent(ctx.db, collection.id, parentId, isoNow(ctx.clock));
    placeAmongSiblings(ctx.db, collection.organization_id, parentId, { kind: 'collection', id: collection.id }, input.position);
    return collectionAccess(ctx, getCollection(ctx.db, collection.id)!);
  });
}

/** Moves the collection, with everything in it, to the root of another organization. */
export function transferCollection(ctx: ServiceContext, collectionId: string, organizationId: string) {
  return inTransaction(ctx.db, () => {
    const { collection } = requireCollection(ctx, collectionId, 'admin', 'transfer it');
    if (organizationId === collection.organization_id) throw conflict('The collection is already in this organization');
    if (orgRoleOf(ctx, organizationId) === undefined) throw notFound(`organization: no organization "${organizationId}"`);
    requireCreateIn(ctx, organizationId, null);
    const now = isoNow(ctx.clock);
    moveCollectionsToOrganization(ctx.db, collectionSubtree(ctx.db, collection.id), organizationId, now);
    setCollectionParent(ctx.db, collection.id, null, now);
    placeAmongSiblings(ctx.db, organizationId, null, { kind: 'collection', id: collection.id }, undefined);
    return collectionAccess(ctx, getCollection(ctx.db, collection.id)!);
  });
}
