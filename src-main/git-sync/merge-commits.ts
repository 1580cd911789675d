import { roleAtLeast } from '../../src-shared/roles';
import { isoNow, type ServiceContext } from '../app/context';
import { treeOf } from '../change-requests/access';
import { forkChangeRequest, mergeIntoMain } from '../change-requests/service';
import { bodyDocId, bodyText, treeDocId } from '../content/body-docs';
import { applyBodyUpdate, cutRevision, refreshTreeRows } from '../content/engine';
import { bodyOwnerIds } from '../content/reusables-model';
import { readPages, writePage } from '../content/tree-model';
import type { ImportPlan } from '../import/plan';
import { requireSpace } from '../spaces/access';
import { type ChangeRequestRow, getChangeRequest, updateChangeRequest } from '../store/change-requests';
import { baseVectors, editsSince, recordingWriter } from './base-fork';
import { reconcileTreeWithPlan } from './reconcile';

interface MergedCommits {
  /** The change request holding the repository's edits; none when the commits change nothing of the space. */
  changeRequest?: ChangeRequestRow;
  merged: boolean;
  /** Pages the repository deleted that were edited in Folio since: kept, with their edits. */
  kept: string[];
  /** What the reconcile could not apply, in words. */
  failures: string[];
}

/**
 * Merges what the repository holds now into the space (docs/git-sync.md): the repository's content is
 * reconciled into the base fork (what the two last agreed on), which turns the commits into Yjs edits
 * relative to the history main shares; those edits go into a new change request forked from main as it is
 * now, which then merges through Yjs like any other, when the caller may merge (review role, space not
 * locked). Edits made in Folio since the agreement survive: different words of a page both stay; a page
 * the repository deleted but Folio edited stays (in `kept`).
 */
export function mergeRepositoryIntoSpace(ctx: ServiceContext, spaceId: string, baseId: string, plan: ImportPlan, renames: ReadonlyMap<string, string>, subject: string): MergedCommits {
  return ctx.docs.write((writer) => {
    const { space, role } = requireSpace(ctx, spaceId, { required: 'edit', action: 'import a git repository into it' });
    const base = getChangeRequest(ctx.db, baseId)!;
    const before = baseVectors(ctx, base.id);
    const basePagesBefore = new Set(readPages(ctx.docs.get(treeDocId(base.id))).map((page) => page.id));
    const recording = recordingWriter(writer);
    const { failures } = reconcileTreeWithPlan(ctx, recording.writer, treeOf(base), plan, renames);
    if (recording.changed.size === 0) return { merged: false, kept: [], failures };
    cutRevision(ctx, treeOf(base), 'edits', ctx.user.id);
    const edits = editsSince(ctx, space.id, base.id, before, recording.changed);

    const cr = forkChangeRequest(ctx, writer, space, subject);
    const crTree = treeDocId(cr.id);
    const crPagesBefore = new Map(readPages(ctx.docs.get(crTree)).map((page) => [page.id, page]));
    writer.applyUpdate(crTree, edits.tree);
    const kept = keepPagesEditedInFolio(ctx, writer, cr.id, space.id, before.texts, basePagesBefore, crPagesBefore);
    refreshTreeRows(ctx, treeOf(cr));
    const alive = new Set(bodyOwnerIds(ctx.docs.get(crTree)));
    for (const { pageId, update } of edits.bodies) {
      if (alive.has(pageId)) applyBodyUpdate(ctx, writer, treeOf(cr), pageId, update);
    }
    cutRevision(ctx, treeOf(cr), 'edits', ctx.user.id);
    const mayMerge = roleAtLeast(role, 'review') && space.edit_mode !== 'locked';
    if (mayMerge) mergeIntoMain(ctx, writer, requireSpace(ctx, space.id).space, getChangeRequest(ctx.db, cr.id)!);
    // Else it is ready for a reviewer, not a draft someone is still writing.
    else updateChangeRequest(ctx.db, cr.id, { status: 'open', updated_at: isoNow(ctx.clock) });
    return { changeRequest: getChangeRequest(ctx.db, cr.id)!, merged: mayMerge, kept, failures };
  });
}

/**
 * A page the repository deleted stays when Folio edited its body since the agreement (its text on main
 * differs from the base's copy): deleting it would drop those edits. Renames and moves alone do not keep it.
 */
function keepPagesEditedInFolio(
  ctx: ServiceContext,
  writer: ReturnType<typeof recordingWriter>['writer'],
  crId: string,
  spaceId: string,
  baseTexts: ReadonlyMap<string, string>,
  basePagesBefore: ReadonlySet<string>,
  crPagesBefore: ReadonlyMap<string, ReturnType<typeof readPages>[number]>,
): string[] {
  const kept: string[] = [];
  writer.change(treeDocId(crId), (doc) => {
    const after = new Set(readPages(doc).map((page) => page.id));
    for (const [pageId, record] of crPagesBefore) {
      if (after.has(pageId) || !basePagesBefore.has(pageId)) continue;
      const mainBody = bodyDocId(spaceId, pageId);
      const baseText = baseTexts.get(pageId);
      if (baseText === undefined || !ctx.docs.exists(mainBody) || bodyText(ctx.docs.get(mainBody)).toString() === baseText) continue;
      const { id, ...fields } = record;
      writePage(doc, id, { ...fields, parent: fields.parent && after.has(fields.parent) ? fields.parent : null });
      kept.push(record.title);
    }
  });
  return kept;
}
