import { isoNow } from '../app/context';
import { markReusableDeleted, treeReusableRows, upsertReusableRow, setReusableMarkdown } from '../store/content-reusables';
import { bodyDocId, bodyText } from './body-docs';
import type { ReusableRecord } from './reusables-model';
import type { ContentContext, TreeRef } from './engine';

/**
 * The reusable-content rows of a tree, in line with the records of its tree document (as refreshTreeRows keeps
 * pages): a changed record is rewritten and marked for the next revision, one gone is marked deleted, and one
 * that (re)appears takes its markdown from its body document (it came with a merge, an update or a sync).
 */
export function refreshReusableRows(ctx: ContentContext, tree: TreeRef, reusables: ReusableRecord[]): void {
  const existing = treeReusableRows(ctx.db, tree.treeId);
  const now = isoNow(ctx.clock);
  for (const reusable of reusables) {
    const row = existing.get(reusable.id);
    existing.delete(reusable.id);
    if (row && !row.deleted && row.title === reusable.title && row.slug === reusable.slug) continue;
    upsertReusableRow(ctx.db, {
      tree_id: tree.treeId,
      reusable_id: reusable.id,
      space_id: tree.spaceId,
      title: reusable.title,
      slug: reusable.slug,
      created_at: row?.created_at ?? (reusable.createdAt || now),
      updated_at: reusable.updatedAt || now,
    });
    const docId = bodyDocId(tree.treeId, reusable.id);
    if ((!row || row.deleted) && ctx.docs.exists(docId)) {
      setReusableMarkdown(ctx.db, tree.treeId, reusable.id, bodyText(ctx.docs.get(docId)).toString(), now);
    }
  }
  for (const gone of existing.values()) if (!gone.deleted) markReusableDeleted(ctx.db, tree.treeId, gone.reusable_id);
}
