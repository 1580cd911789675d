import type { ContentPosition } from '../../src-shared/schemas/content';
import { badRequest } from '../errors';
import type { Db } from '../store/database';
import { listSiblings, renumberSiblings, type Sibling } from '../store/siblings';

/**
 * Puts `item` among the children of `parentId` (the organization root when null): before or after
 * the sibling named by `position`, else last. Call inside the write's transaction, after the
 * item's parent and organization columns have been updated.
 */
export function placeAmongSiblings(
  db: Db,
  organizationId: string,
  parentId: string | null,
  item: Sibling,
  position: ContentPosition | undefined,
): void {
  const siblings = listSiblings(db, organizationId, parentId).filter((s) => !(s.kind === item.kind && s.id === item.id));
  let index = siblings.length;
  const anchor = position?.before ?? position?.after;
  if (anchor) {
    const field = position?.before ? 'position.before' : 'position.after';
    const anchorId = anchor.type === 'space' ? anchor.space : anchor.collection;
    const at = siblings.findIndex((s) => s.kind === anchor.type && s.id === anchorId);
    if (at < 0) throw badRequest(`${field}: ${anchor.type} "${anchorId}" is not in the target parent`);
    index = position?.before ? at : at + 1;
  }
  siblings.splice(index, 0, item);
  renumberSiblings(db, siblings);
}
