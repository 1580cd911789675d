import type { CallContext, PresentContext } from '../app/context';
import { presentChangeRequest } from '../change-requests/presenter';
import { gitSyncMarkdownOf } from '../export/page-markdown';
import { presentFile } from '../files/presenter';
import { changeRequestMergedAs } from '../store/change-requests';
import { presentPageTree } from './presenter';
import { presentReusableContent } from './reusable-contents';
import { presentUser } from '../users/presenter';
import { childrenIndex, type PageView } from './presenter';
import type { ContentSnapshot } from './read-service';
import type { RevisionEntry } from './revisions-service';

/** An entry of the app's history panel (there is no /v1 list of revisions to match). */
export function presentRevisionEntry(entry: RevisionEntry, pc: PresentContext, currentId: string) {
  const { revision, changes } = entry;
  return {
    id: revision.id,
    createdAt: revision.created_at,
    type: revision.type,
    kind: entry.kind,
    /** The space's content now. */
    current: revision.id === currentId,
    author: entry.author ? presentUser(entry.author, pc) : null,
    mergedFrom: entry.mergedFrom ? { id: entry.mergedFrom.id, number: entry.mergedFrom.number, subject: entry.mergedFrom.subject } : null,
    restoredTo: entry.restoredTo ? { id: entry.restoredTo.id, createdAt: entry.restoredTo.created_at } : null,
    changes: {
      pages: changes.pages,
      added: changes.added,
      removed: changes.removed,
      edited: changes.pages - changes.added - changes.removed,
      files: changes.files,
      sample: changes.sample,
    },
  };
}

function metaOf(view: PageView): { emoji?: string; description?: string } {
  return JSON.parse(view.meta) as { emoji?: string; description?: string };
}

/** A page as it was at a revision, with its markdown: what the read-only view shows. */
export function presentRevisionPage(view: PageView, snapshot: ContentSnapshot) {
  const meta = metaOf(view);
  return {
    id: view.page_id,
    title: view.title,
    kind: view.kind === 'group' ? ('group' as const) : ('document' as const),
    path: view.path,
    ...(meta.emoji ? { emoji: meta.emoji } : {}),
    ...(meta.description ? { description: meta.description } : {}),
    markdown: view.kind === 'group' ? '' : snapshot.markdownOf(view.page_id),
  };
}

/** The pages of a revision in tree order, each with its depth: light enough for a 10,000-page space. */
export function presentRevisionOutline(snapshot: ContentSnapshot) {
  const children = childrenIndex(snapshot.pages);
  const outline: Array<{ id: string; title: string; emoji?: string; path: string; depth: number; kind: 'group' | 'document' }> = [];
  const walk = (parent: string | null, depth: number) => {
    for (const view of children.get(parent) ?? []) {
      const { emoji } = metaOf(view);
      outline.push({ id: view.page_id, title: view.title, path: view.path, depth, kind: view.kind === 'group' ? 'group' : 'document', ...(emoji ? { emoji } : {}) });
      walk(view.page_id, depth + 1);
    }
  };
  walk(null, 0);
  return outline;
}

export function presentRevisionHeader(snapshot: ContentSnapshot) {
  return { id: snapshot.revision.id, createdAt: snapshot.revision.created_at, type: snapshot.revision.type };
}

/** GitBook's Revision: the pages, files and reusable contents of a content snapshot. */
export function presentRevision(snapshot: ContentSnapshot, ctx: CallContext, spaceId: string) {
  const { revision } = snapshot;
  const mergedFrom = revision.type === 'merge' ? changeRequestMergedAs(ctx.db, revision.id) : undefined;
  return {
    object: 'revision' as const,
    id: revision.id,
    parents: JSON.parse(revision.parents) as string[],
    pages: presentPageTree(snapshot.pages, ctx, spaceId, gitSyncMarkdownOf(() => snapshot.pages, snapshot.markdownOf)),
    files: snapshot.files.map((file) => presentFile(file, { ...ctx, now: ctx.clock.now() })),
    reusableContents: snapshot.reusables.map(presentReusableContent),
    // Folio keeps no revision tags.
    tags: [],
    variables: {},
    createdAt: revision.created_at,
    type: revision.type,
    ...(mergedFrom ? { mergedFrom: presentChangeRequest(mergedFrom, ctx) } : {}),
    urls: { app: `${ctx.baseUrl}/s/${spaceId}/~/revisions/${revision.id}` },
  };
}
