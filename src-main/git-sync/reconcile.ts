import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import type { DocWriter } from '../content/doc-store';
import { refreshTreeRows, treeDocId, writeBody, type TreeRef } from '../content/engine';
import { refreshStalePageBodies } from '../content/stale-bodies';
import { readPages } from '../content/tree-model';
import type { ImportedPage, ImportPlan } from '../import/plan';
import { saveImportedRedirects } from '../import/redirects';
import { type ReusablesOutcome, writeImportedReusables } from '../import/write-reusables';
import { listLivePages } from '../store/content-pages';
import { deleteSpaceRedirectsExcept } from '../store/space-redirects';
import { applyFilePlan, planFiles } from './reconcile-files';
import { flattenPlan, matchPlanPages } from './reconcile-match';
import { reconcilePageRecords } from './reconcile-pages';

/**
 * What a reconcile did. A matched page counts once among `updated` (its fields or body changed), `moved`
 * (only its place changed) and `unchanged`; a page both edited and moved counts as updated.
 */
interface ReconcileOutcome {
  created: number;
  updated: number;
  moved: number;
  deleted: number;
  unchanged: number;
  filesAdded: number;
  filesReplaced: number;
  filesDeleted: number;
  /** What could not be applied, in words (a file whose bytes content refuses); the plan's own failures are not repeated. */
  failures: string[];
  /** Reusable contents created, changed and removed (matched by slug). */
  reusables: ReusablesOutcome;
}

/**
 * Makes a tree's content what an import plan describes (Git Sync importing new commits of its repository
 * into existing content), with the fewest edits, so that they merge through Yjs with edits made elsewhere:
 * pages still there keep their ids (reconcile-match.ts), only fields that differ are written
 * (reconcile-pages.ts), bodies change by a word diff on their Y.Text (writeBody), files by name
 * (reconcile-files.ts), and the space's imported redirects become the plan's. Reconciling content with the
 * plan it already matches writes nothing.
 *
 * Runs inside the caller's `ctx.docs.write((writer) => ...)` and cuts no revision (the caller does).
 * `renames`: repository file paths (relative to the content root) that git says were renamed since the
 * tree last matched the repository, old → new.
 */
export function reconcileTreeWithPlan(
  ctx: ServiceContext,
  writer: DocWriter,
  tree: TreeRef,
  plan: ImportPlan,
  renames?: ReadonlyMap<string, string>,
): ReconcileOutcome {
  const now = isoNow(ctx.clock);
  // Keystrokes not yet in the read model are part of the bodies compared below.
  refreshStalePageBodies(ctx, tree.treeId);
  const rows = listLivePages(ctx.db, tree.treeId);
  const doc = ctx.docs.get(treeDocId(tree.treeId));
  const matched = matchPlanPages(plan.pages, rows, new Map(readPages(doc).map((record) => [record.id, record])), renames);
  const files = planFiles(ctx, doc, plan.files);

  let pages: ReturnType<typeof reconcilePageRecords> | undefined;
  writer.change(treeDocId(tree.treeId), (changing) => {
    applyFilePlan(changing, files);
    pages = reconcilePageRecords(changing, plan.pages, matched, files.changes.ids, now);
  });
  const { ids, created, updated, moved, deleted } = pages!;
  refreshTreeRows(ctx, tree);

  const redirects = plan.redirects ?? [];
  deleteSpaceRedirectsExcept(ctx.db, tree.spaceId, redirects.map((redirect) => redirect.source));
  if (redirects.length) saveImportedRedirects(ctx, tree.spaceId, redirects, ids, now);

  const markdownNow = new Map(rows.map((row) => [row.page_id, row.markdown]));
  for (const page of flattenPlan(plan.pages)) {
    if ((page.kind ?? 'document') !== 'document') continue;
    const id = ids.get(page)!;
    // writeBody applies the difference as a word diff on the body's Y.Text, never a new text.
    if ((markdownNow.get(id) ?? '') === page.markdown) continue;
    writeBody(ctx, writer, tree, id, page.markdown);
    if (!created.has(id)) updated.add(id);
  }
  for (const id of updated) moved.delete(id);
  const reusables = writeImportedReusables(ctx, writer, tree, plan.reusables ?? [], { removeMissing: true });
  return {
    created: created.size,
    updated: updated.size,
    moved: moved.size,
    deleted: deleted.length,
    unchanged: countMatched(plan.pages, matched) - updated.size - moved.size,
    filesAdded: files.changes.added,
    filesReplaced: files.changes.replaced,
    filesDeleted: files.changes.deleted,
    failures: files.changes.failures,
    reusables,
  };
}

function countMatched(pages: readonly ImportedPage[], matched: ReadonlyMap<ImportedPage, string>): number {
  return flattenPlan(pages).filter((page) => matched.has(page)).length;
}
