import { type Clock, isoNow } from '../app/context';
import { hasLiveBody, setBodyMarkdown } from '../store/body-rows';
import { inTransaction, type Db } from '../store/database';
import { clearStalePageBody, hasStalePageBodies, stalePageBodies } from '../store/stale-page-bodies';
import { bodyDocId, bodyText } from './body-docs';
import { DocLoadError, type DocStore } from './doc-store';

/**
 * Keystrokes at the cost of what they change (issue 17): a live push appends the Yjs update and marks the
 * page (store/stale-page-bodies.ts) instead of rewriting its whole markdown row. The markdown catches up
 * here: when the writer pauses (the live-revision cut, through cutRevision) and before anything reads the
 * read model (every /v1, site, PDF and tRPC request but the editor's own body calls), so readers always see
 * every acknowledged keystroke. Also at start, for marks left by a crash. Returns how many pages changed.
 */
export function refreshStalePageBodies(ctx: { db: Db; clock: Clock; docs: DocStore }, treeId?: string): number {
  // The common case, nothing waiting, costs one index probe and no transaction.
  if (!hasStalePageBodies(ctx.db, treeId)) return 0;
  return inTransaction(ctx.db, () => {
    const now = isoNow(ctx.clock);
    let refreshed = 0;
    for (const stale of stalePageBodies(ctx.db, treeId)) {
      const docId = bodyDocId(stale.tree_id, stale.page_id);
      // A page deleted since its last keystroke keeps the markdown it had; its body goes with the tree's.
      if (hasLiveBody(ctx.db, stale.tree_id, stale.page_id) && ctx.docs.exists(docId)) {
        try {
          setBodyMarkdown(ctx.db, stale.tree_id, stale.page_id, bodyText(ctx.docs.get(docId)).toString(), now);
          refreshed += 1;
        } catch (error) {
          // A body that no longer loads keeps its last markdown; one broken page must not fail every read.
          if (!(error instanceof DocLoadError)) throw error;
          console.error(`[folio] the markdown of page ${stale.page_id} stays as it was:`, error);
        }
      }
      clearStalePageBody(ctx.db, stale.tree_id, stale.page_id);
    }
    return refreshed;
  });
}
