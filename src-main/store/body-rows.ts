import { hasLivePage, setPageMarkdown } from './content-pages';
import { hasLiveReusable, setReusableMarkdown } from './content-reusables';
import type { Db } from './database';

/**
 * A body document `body:{treeId}:{id}` belongs to a page or to a reusable content (ids never collide: both
 * are new ids). Forking, merging, live editing and sync handle bodies alike; these keep whichever read
 * model row the body belongs to in step with it.
 */
export function setBodyMarkdown(db: Db, treeId: string, bodyId: string, markdown: string, now: string): void {
  setPageMarkdown(db, treeId, bodyId, markdown, now);
  setReusableMarkdown(db, treeId, bodyId, markdown, now);
}

/** Whether the tree has a live page or reusable content with this id. */
export function hasLiveBody(db: Db, treeId: string, bodyId: string): boolean {
  return hasLivePage(db, treeId, bodyId) || hasLiveReusable(db, treeId, bodyId);
}
