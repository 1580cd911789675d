import { collectionPermissions } from '../../src-shared/access';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { PresentContext } from '../app/context';
import { type CollectionRow, decodeLevel } from '../store/collections';

export function presentCollection(collection: CollectionRow, role: MemberRoleOrGuest | undefined, pc: PresentContext) {
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organization_id,
    ...(collection.parent_id ? { parent: collection.parent_id } : {}),
    defaultLevel: decodeLevel(collection.default_level),
    urls: {
      location: `${pc.baseUrl}/v1/collections/${collection.id}`,
      app: `${pc.baseUrl}/c/${collection.id}`,
    },
    permissions: collectionPermissions(role),
  };
}
