import type { ServiceContext } from '../app/context';
import { requireSpace } from '../spaces/access';
import { changeRequestMergedAs, type ChangeRequestRow } from '../store/change-requests';
import type { PageRequest, PageResult } from '../store/keyset';
import {
  getRevisionById,
  listTreeRevisions,
  revisionChangeCounts,
  revisionChangedPages,
  type RevisionChangeCounts,
  type RevisionRow,
} from '../store/revisions';
import { getLivePage, type ContentPageRow } from '../store/content-pages';
import { getUserById, type UserRow } from '../store/users';
import type { PageView } from './presenter';
import { contentAtRevision, type ContentSnapshot } from './read-service';

/** What made a revision, in the app's words (GitBook's `type` alone cannot tell an import from a typed edit). */
type RevisionKind = 'created' | 'edits' | 'live' | 'import' | 'merge' | 'update' | 'rollback' | 'restore';

export interface ChangedPage {
  pageId: string;
  title: string;
  change: 'added' | 'edited' | 'renamed' | 'removed' | 'restored';
  /** A renamed page's title before the revision. */
  previousTitle?: string;
}

/** One entry of a space's history: the revision, who made it, what made it and what it changed. */
export interface RevisionEntry {
  revision: RevisionRow;
  kind: RevisionKind;
  author?: UserRow;
  mergedFrom?: ChangeRequestRow;
  /** For a restore ('restore' of a page, 'rollback' of the space): the revision it went back to. */
  restoredTo?: RevisionRow;
  changes: RevisionChangeCounts & { sample: ChangedPage[] };
}

/** Named in the history entry ("Edited “Setup” and 2 more pages"); the counts say the rest. */
const SAMPLE_SIZE = 3;

/**
 * The history of a space's main content, newest first. Each entry costs a few indexed queries (the
 * counts and the first pages the revision recorded), so a page of entries stays cheap even when a
 * revision is a 10,000-page import.
 */
export function listSpaceRevisions(ctx: ServiceContext, spaceId: string, request: PageRequest): PageResult<RevisionEntry> & { currentId: string } {
  const { space } = requireSpace(ctx, spaceId);
  const page = listTreeRevisions(ctx.db, space.id, request);
  return { ...page, rows: page.rows.map((revision) => describeRevision(ctx, revision)), currentId: space.revision_id };
}

function describeRevision(ctx: ServiceContext, revision: RevisionRow): RevisionEntry {
  const counts = revisionChangeCounts(ctx.db, revision.tree_id, revision.seq);
  const sample = revisionChangedPages(ctx.db, revision.tree_id, revision.seq, SAMPLE_SIZE).map((row): ChangedPage => {
    const titleOf = (data: string | null) => (data ? (JSON.parse(data) as { title: string }).title : '');
    const change = row.data === null ? 'removed' : row.before === 0 ? 'added' : row.before === 2 ? 'restored' : 'edited';
    const title = titleOf(row.data ?? row.previous);
    const previousTitle = titleOf(row.previous);
    // An edit that changed the title reads as a rename ("Renamed “Untitled” to “Setup”").
    if (change === 'edited' && previousTitle !== title) return { pageId: row.page_id, title, change: 'renamed', previousTitle };
    return { pageId: row.page_id, title, change };
  });
  const mergedFrom = revision.type === 'merge' ? changeRequestMergedAs(ctx.db, revision.id) : undefined;
  return {
    revision,
    kind: kindOf(revision),
    author: revision.created_by ? getUserById(ctx.db, revision.created_by) : undefined,
    mergedFrom,
    restoredTo: revision.origin === 'restore' && revision.base_revision_id ? getRevisionById(ctx.db, revision.base_revision_id) : undefined,
    changes: { ...counts, sample },
  };
}

function kindOf(revision: RevisionRow): RevisionKind {
  if (revision.origin === 'import' || revision.origin === 'live') return revision.origin;
  if (revision.origin === 'restore' && revision.type === 'edits') return 'restore';
  if (revision.type === 'merge' || revision.type === 'update' || revision.type === 'rollback') return revision.type;
  // The first revision of a space is cut with the space, before it has any content.
  return revision.parents === '[]' ? 'created' : 'edits';
}

/** One page as it was at a revision; `view` is absent when the page did not exist then. */
interface PageAtRevision {
  snapshot: ContentSnapshot;
  view?: PageView;
}

export function pageAtRevision(ctx: ServiceContext, spaceId: string, revisionId: string, pageId: string): PageAtRevision {
  const snapshot = contentAtRevision(ctx, spaceId, revisionId);
  return { snapshot, view: snapshot.pages.find((p) => p.page_id === pageId) };
}

/** The same page in the space's main content now (what a revision is compared with); undefined when it is deleted. */
export function pageNow(ctx: ServiceContext, spaceId: string, pageId: string): ContentPageRow | undefined {
  const { space } = requireSpace(ctx, spaceId);
  return getLivePage(ctx.db, space.id, pageId);
}
