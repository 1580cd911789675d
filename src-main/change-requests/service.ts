import * as Y from 'yjs';
import type { UpdateChangeRequestInput } from '../../src-shared/schemas/change-requests';
import { type ServiceContext, isoNow } from '../app/context';
import { applyBodyUpdate, bodyDocId, cutRevision, refreshTreeRows, treeDocId, type TreeRef } from '../content/engine';
import { readPages, writePage, type PageRecord } from '../content/tree-model';
import type { DocWriter } from '../content/doc-store';
import { conflict } from '../errors';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import {
  addContributor,
  bodyForks,
  insertChangeRequest,
  listChangeRequests,
  updateChangeRequest,
  type ChangeRequestRow,
  type ChangeRequestStatus,
} from '../store/change-requests';
import { copyTreeFiles } from '../store/content-files';
import { copyTreeRows, syncUnforkedMarkdown } from '../store/content-pages';
import { copyTreeReusables, syncUnforkedReusableMarkdown } from '../store/content-reusables';
import type { PageRequest } from '../store/keyset';
import { copyTreeLinks } from '../store/links';
import { latestRevisionOfTree } from '../store/revisions';
import { getSpace } from '../store/spaces';
import { assertChangeRequestOpenForEdits, requireChangeRequest, treeOf } from './access';
import { assertMergeRulesPass } from './merge-rules';
import { recordAuditEvent } from '../audit-events/record';

/**
 * Change requests fork a space's content and merge back through Yjs (docs/content.md). Creating
 * one copies the tree document and the read model; bodies are forked lazily (engine.ts).
 */
export function createChangeRequest(ctx: ServiceContext, spaceId: string, subject: string | undefined) {
  return ctx.docs.write((writer) => {
    const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'open change requests' });
    return forkChangeRequest(ctx, writer, space, subject ?? '');
  });
}

/** Opens a change request on main content as it is now, in the caller's write (roles already checked). */
export function forkChangeRequest(ctx: ServiceContext, writer: DocWriter, space: { id: string; revision_id: string }, subject: string): ChangeRequestRow {
  // Keystrokes typed into main but not yet gathered into a revision (live-revisions.ts) are part of the base the
  // request starts from: left out of it, they would read as the request's own changes.
  ctx.live.flush(space.id);
  const base = getSpace(ctx.db, space.id)?.revision_id ?? space.revision_id;
  const cr = insertChangeRequest(ctx.db, {
    spaceId: space.id,
    subject,
    createdBy: ctx.user.id,
    revisionInitial: base,
    now: isoNow(ctx.clock),
  });
  // The fork shares history with main (lesson 6): it is seeded with main's full state.
  writer.applyUpdate(treeDocId(cr.id), Y.encodeStateAsUpdate(ctx.docs.get(treeDocId(space.id))));
  copyTreeRows(ctx.db, space.id, cr.id);
  copyTreeFiles(ctx.db, space.id, cr.id);
  copyTreeReusables(ctx.db, space.id, cr.id);
  copyTreeLinks(ctx.db, space.id, cr.id);
  // Its first revision records every page, so any of its revisions reads back on its own.
  cutRevision(ctx, treeOf(cr), 'edits', ctx.user.id, { parents: [base], force: true, derived: false });
  addContributor(ctx.db, cr.id, ctx.user.id);
  return cr;
}

export function listSpaceChangeRequests(
  ctx: ServiceContext,
  spaceId: string,
  filter: { status?: ChangeRequestStatus; contributor?: string },
  page: PageRequest,
) {
  const { space } = requireSpace(ctx, spaceId);
  return listChangeRequests(ctx.db, space.id, { status: filter.status ?? 'open', contributor: filter.contributor }, page);
}

export function getChangeRequestForCaller(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  return requireChangeRequest(ctx, spaceId, changeRequestId).changeRequest;
}

export function editChangeRequest(ctx: ServiceContext, spaceId: string, changeRequestId: string, input: UpdateChangeRequestInput) {
  return ctx.docs.write(() => {
    const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'change it');
    if (changeRequest.status === 'merged' && input.status !== undefined) {
      throw conflict(`Change request #${changeRequest.number} is merged: its status can no longer change`);
    }
    updateChangeRequest(ctx.db, changeRequest.id, { subject: input.subject, status: input.status, updated_at: isoNow(ctx.clock) });
    return requireChangeRequest(ctx, spaceId, changeRequest.id).changeRequest;
  });
}

/** Whether main content changed since the change request last took it in. */
export function isOutdated(ctx: Pick<ServiceContext, 'db'>, cr: ChangeRequestRow): boolean {
  if (cr.status === 'merged') return false;
  return getSpace(ctx.db, cr.space_id)?.revision_id !== (cr.revision_merged_ancestor ?? cr.revision_initial);
}

/** The change request's current revision (its own line of revisions). */
export function currentRevisionOf(ctx: Pick<ServiceContext, 'db'>, cr: ChangeRequestRow): string {
  return latestRevisionOfTree(ctx.db, cr.id)?.id ?? cr.revision_initial;
}

/** Pulls main content into the change request (POST update). */
export function updateFromMain(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  return ctx.docs.write((writer) => {
    const { space, changeRequest: cr } = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'update it');
    assertChangeRequestOpenForEdits(cr);
    const tree = treeOf(cr);
    const mainTree = ctx.docs.get(treeDocId(space.id));
    writer.applyUpdate(treeDocId(cr.id), Y.encodeStateAsUpdate(mainTree, Y.encodeStateVector(ctx.docs.get(treeDocId(cr.id)))));
    refreshTreeRows(ctx, tree);
    for (const fork of bodyForks(ctx.db, cr.id)) {
      const main = bodyDocId(space.id, fork.page_id);
      if (!ctx.docs.exists(main)) continue;
      const missing = Y.encodeStateAsUpdate(ctx.docs.get(main), Y.encodeStateVector(ctx.docs.get(bodyDocId(cr.id, fork.page_id))));
      applyBodyUpdate(ctx, writer, tree, fork.page_id, missing, false);
    }
    syncUnforkedMarkdown(ctx.db, space.id, cr.id);
    syncUnforkedReusableMarkdown(ctx.db, space.id, cr.id);
    const revision = cutRevision(ctx, tree, 'update', ctx.user.id) ?? latestRevisionOfTree(ctx.db, cr.id)!;
    updateChangeRequest(ctx.db, cr.id, { revision_merged_ancestor: space.revision_id, updated_at: isoNow(ctx.clock) });
    return { revision: revision.id, result: 'update' as const };
  });
}

/**
 * Merges the change request into main (POST merge): its tree and the bodies it edited are applied
 * onto main's current state through Yjs, so concurrent edits to different parts survive. A page
 * deleted on one side and edited on the other is kept, with the edits (docs/content.md).
 */
export function mergeChangeRequest(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  return ctx.docs.write((writer) => {
    const { space, changeRequest: cr } = requireChangeRequest(ctx, spaceId, changeRequestId, 'review', 'merge it');
    assertChangeRequestOpenForEdits(cr);
    assertSpaceWritable(space);
    // The space's merge rules (a workstation's merge is judged by the same function on sync: sync/review-rules.ts).
    assertMergeRulesPass(ctx.db, cr);
    const merged = mergeIntoMain(ctx, writer, space, cr);
    recordAuditEvent(ctx, space.organization_id, 'change_request.merged', { type: 'change-request', id: cr.id, label: cr.subject || `#${cr.number}` }, { space: space.id, revision: merged.revision });
    return merged;
  });
}

/** The merge itself, in the caller's write (roles and states already checked). */
export function mergeIntoMain(ctx: ServiceContext, writer: DocWriter, space: { id: string; revision_id: string }, cr: ChangeRequestRow) {
  const main: TreeRef = { spaceId: space.id, treeId: space.id };
  const mainDoc = ctx.docs.get(treeDocId(space.id));
  const crDoc = ctx.docs.get(treeDocId(cr.id));
  const mainBefore = new Map(readPages(mainDoc).map((p) => [p.id, p]));
  const crPages = new Map(readPages(crDoc).map((p) => [p.id, p]));
  const forks = bodyForks(ctx.db, cr.id);

  writer.applyUpdate(treeDocId(space.id), Y.encodeStateAsUpdate(crDoc, Y.encodeStateVector(mainDoc)));
  for (const fork of forks.filter((f) => f.edited)) {
    const main = bodyDocId(space.id, fork.page_id);
    const vector = ctx.docs.exists(main) ? Y.encodeStateVector(ctx.docs.get(main)) : undefined;
    applyBodyUpdate(ctx, writer, mainTree(space.id), fork.page_id, Y.encodeStateAsUpdate(ctx.docs.get(bodyDocId(cr.id, fork.page_id)), vector));
  }
  keepEditedPages(writer, space.id, mainBefore, crPages, forks);
  refreshTreeRows(ctx, main);
  const crRevision = currentRevisionOf(ctx, cr);
  const previous = latestRevisionOfTree(ctx.db, space.id);
  const revision = cutRevision(ctx, main, 'merge', ctx.user.id, { parents: [previous?.id ?? space.revision_id, crRevision], force: true })!;
  updateChangeRequest(ctx.db, cr.id, { status: 'merged', revision_merged: revision.id, updated_at: isoNow(ctx.clock) });
  return { revision: revision.id, result: 'merge' as const };
}

const mainTree = (spaceId: string): TreeRef => ({ spaceId, treeId: spaceId });

/**
 * Yjs drops edits made inside a map entry another side deleted; writers expect the opposite for
 * content: a page whose body one side edited stays, even if the other side deleted it.
 */
function keepEditedPages(
  writer: DocWriter,
  spaceId: string,
  mainBefore: Map<string, PageRecord>,
  crPages: Map<string, PageRecord>,
  forks: Array<{ page_id: string; edited: number }>,
): void {
  writer.change(treeDocId(spaceId), (doc) => {
    const after = new Set(readPages(doc).map((p) => p.id));
    for (const fork of forks) {
      if (after.has(fork.page_id)) continue;
      // Edited in the change request, deleted on main meanwhile; or edited on main (a copy-on-write
      // fork the request never touched), deleted in the request.
      const record = fork.edited ? crPages.get(fork.page_id) : mainBefore.get(fork.page_id);
      if (!record) continue;
      const { id, ...fields } = record;
      writePage(doc, id, { ...fields, parent: fields.parent && after.has(fields.parent) ? fields.parent : null });
    }
  });
}

