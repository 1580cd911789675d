import { generateKeyBetween } from 'fractional-indexing';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { getLivePage } from '../store/content-pages';
import { getBody, latestPageVersion, pagesAtRevision, type VersionRow } from '../store/revisions';
import { bodyDocId, cutRevision, refreshTreeRows, treeDocId, writeBody } from './engine';
import { editableTree } from './pages-service';
import type { PageView } from './presenter';
import { orderKeyFor, readPages, recordedFields, writePage, type PageFields, type PageRecord } from './tree-model';

/** A page as the revision before its deletion recorded it. */
interface RecordedPage extends PageView {
  bodyHash: string | null;
}

/**
 * Undoes a page delete: the page comes back with every page that was deleted with it, under the same
 * ids, with their titles, emoji, options and bodies, in their former place (beside the sibling that
 * followed it, when that sibling is still there). Everything is read from the revision just before the
 * delete, since revisions keep every page's versions. One transaction, one revision, like any tree edit.
 */
export function restorePage(ctx: ServiceContext, spaceId: string, pageId: string, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    if (getLivePage(ctx.db, tree.treeId, pageId)) throw badRequest(`pageId: the page "${pageId}" is not deleted, so there is nothing to restore`);
    const deletion = latestPageVersion(ctx.db, tree.treeId, pageId);
    if (!deletion || deletion.data !== null) throw notFound(`Page "${pageId}" not found`);

    // The tree as it was just before the delete (revision seqs grow across trees, so "before D" is D - 1).
    const before = recordedPages(pagesAtRevision(ctx.db, tree.treeId, deletion.revision_seq - 1));
    const root = before.get(pageId);
    if (!root) throw notFound(`Page "${pageId}" has no earlier version to restore`);
    const children = childrenOf(before);
    // Only pages removed by the same delete come back: a page deleted earlier on its own stays deleted.
    const deletedTogether = (id: string) => {
      const latest = latestPageVersion(ctx.db, tree.treeId, id);
      return latest?.revision_seq === deletion.revision_seq && latest.data === null;
    };
    const subtree = descendantsToRestore(root, children, deletedTogether);

    const now = isoNow(ctx.clock);
    w.change(treeDocId(tree.treeId), (doc) => {
      const pages = readPages(doc);
      const live = new Map(pages.map((p) => [p.id, p]));
      // A parent deleted since then is gone: the page comes back at the root rather than not at all.
      const parent = root.parent_id && live.has(root.parent_id) ? root.parent_id : null;
      const placement = parent === root.parent_id ? formerPlacement(root, children.get(root.parent_id) ?? [], live) : {};
      writePage(doc, root.page_id, fieldsOf(root, parent, orderKeyFor(pages, parent, placement), now));
      // Descendants come parents first and siblings in order: each one's key goes after the last sibling's.
      const lastKey = new Map<string, string>();
      for (const page of subtree) {
        const key = generateKeyBetween(lastKey.get(page.parent_id!) ?? null, null);
        lastKey.set(page.parent_id!, key);
        writePage(doc, page.page_id, fieldsOf(page, page.parent_id, key, now));
      }
    });
    refreshTreeRows(ctx, tree);
    for (const page of [root, ...subtree]) {
      // A body document that still exists holds the page's last words, edits not yet in a revision
      // included (refreshTreeRows took its markdown). Without one (a change request that never wrote
      // this body), the recorded markdown is written back.
      if (ctx.docs.exists(bodyDocId(tree.treeId, page.page_id)) || !page.bodyHash) continue;
      const markdown = getBody(ctx.db, page.bodyHash) ?? '';
      if (markdown) writeBody(ctx, w, tree, page.page_id, markdown);
    }
    const revision = cutRevision(ctx, tree, 'edits', ctx.user.id);
    return { revision, restored: [root.page_id, ...subtree.map((p) => p.page_id)] };
  });
}

function recordedPages(versions: VersionRow[]): Map<string, RecordedPage> {
  return new Map(
    versions.map((v) => [v.page_id, { ...(JSON.parse(v.data) as Omit<PageView, 'page_id'>), page_id: v.page_id, bodyHash: v.body_hash }]),
  );
}

function childrenOf(pages: Map<string, RecordedPage>): Map<string | null, RecordedPage[]> {
  const index = new Map<string | null, RecordedPage[]>();
  for (const page of pages.values()) {
    const siblings = index.get(page.parent_id);
    if (siblings) siblings.push(page);
    else index.set(page.parent_id, [page]);
  }
  for (const siblings of index.values()) siblings.sort((a, b) => a.position - b.position);
  return index;
}

function descendantsToRestore(
  root: RecordedPage,
  children: Map<string | null, RecordedPage[]>,
  deletedTogether: (id: string) => boolean,
): RecordedPage[] {
  const out: RecordedPage[] = [];
  const queue = [root.page_id];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (!deletedTogether(child.page_id)) continue;
      out.push(child);
      queue.push(child.page_id);
    }
  }
  return out;
}

/** Before the nearest former next sibling still in place, else after the nearest former previous one, else last. */
function formerPlacement(page: RecordedPage, siblings: RecordedPage[], live: Map<string, PageRecord>): { before?: string; after?: string } {
  const stillBeside = (s: RecordedPage) => live.get(s.page_id)?.parent === page.parent_id;
  const next = siblings.find((s) => s.position > page.position && stillBeside(s));
  if (next) return { before: next.page_id };
  const previous = siblings.filter((s) => s.position < page.position && stillBeside(s)).at(-1);
  return previous ? { after: previous.page_id } : {};
}

function fieldsOf(page: RecordedPage, parent: string | null, order: string, now: string): PageFields {
  return { ...recordedFields(page), parent, order, createdAt: page.created_at, updatedAt: now };
}
