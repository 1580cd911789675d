import type { ServiceContext } from '../app/context';
import { childrenIndex, type PageView } from '../content/presenter';
import { contentAtRevision, contentOfTree, type ContentSnapshot, type ReusableView } from '../content/read-service';
import type { ChangeRequestRow } from '../store/change-requests';
import type { ContentFileRow } from '../store/content-files';
import { requireChangeRequest } from './access';
import { currentRevisionOf } from './service';

/** A page on one side of a comparison, with its body. */
export interface PageSide {
  view: PageView;
  markdown: string;
}

/** The page fields a writer edits, as GitBook's `page_edited` attributes name them. */
export type PageAttribute = 'title' | 'emoji' | 'description' | 'slug' | 'document';

/** What changed between two states of a space's content, before it is presented. */
export type ContentChange =
  | { type: 'page_created'; after: PageSide }
  | { type: 'page_deleted'; before: PageSide }
  | { type: 'page_edited'; before: PageSide; after: PageSide; attributes: PageAttribute[] }
  | { type: 'page_moved'; before: PageSide; after: PageSide; parentBefore?: PageView; parentAfter?: PageView }
  | { type: 'file_created'; after: ContentFileRow }
  | { type: 'file_edited'; before: ContentFileRow; after: ContentFileRow }
  | { type: 'file_deleted'; before: ContentFileRow }
  | { type: 'reusable_content_created'; after: ReusableSide }
  | { type: 'reusable_content_edited'; before: ReusableSide; after: ReusableSide; attributes: Array<'title' | 'document'> }
  | { type: 'reusable_content_deleted'; before: ReusableSide };

/** A reusable content on one side of a comparison, with its body. */
export interface ReusableSide {
  view: ReusableView;
  markdown: string;
}

/**
 * The changes a change request makes: its content now against main content at its base, the main
 * revision it was created from or last updated from. Comparing with main as it is now would show
 * main's own later edits as if the request had reverted them.
 */
export function changeRequestChanges(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  const base = contentAtRevision(ctx, changeRequest.space_id, baseRevisionOf(changeRequest));
  const head = contentOfTree(ctx, changeRequest.id, currentRevisionOf(ctx, changeRequest));
  return { changeRequest, changes: compareContent(base, head) };
}

const baseRevisionOf = (cr: ChangeRequestRow): string => cr.revision_merged_ancestor ?? cr.revision_initial;

/** Pages in reading order (depth first, siblings by position), then files by name. */
export function compareContent(base: ContentSnapshot, head: ContentSnapshot): ContentChange[] {
  const before = new Map(base.pages.map((view) => [view.page_id, view]));
  const after = new Map(head.pages.map((view) => [view.page_id, view]));
  const side = (snapshot: ContentSnapshot, view: PageView): PageSide => ({ view, markdown: snapshot.markdownOf(view.page_id) });
  const changes: ContentChange[] = [];

  for (const view of readingOrder(head.pages)) {
    const old = before.get(view.page_id);
    if (!old) {
      changes.push({ type: 'page_created', after: side(head, view) });
      continue;
    }
    const [b, a] = [side(base, old), side(head, view)];
    if (old.parent_id !== view.parent_id) {
      const parentBefore = old.parent_id ? before.get(old.parent_id) : undefined;
      const parentAfter = view.parent_id ? after.get(view.parent_id) : undefined;
      changes.push({ type: 'page_moved', before: b, after: a, parentBefore, parentAfter });
    }
    const attributes = editedAttributes(b, a);
    if (attributes.length) changes.push({ type: 'page_edited', before: b, after: a, attributes });
  }
  for (const view of readingOrder(base.pages)) {
    if (!after.has(view.page_id)) changes.push({ type: 'page_deleted', before: side(base, view) });
  }

  const filesBefore = new Map(base.files.map((f) => [f.file_id, f]));
  const filesAfter = new Map(head.files.map((f) => [f.file_id, f]));
  for (const file of head.files) {
    const old = filesBefore.get(file.file_id);
    if (!old) changes.push({ type: 'file_created', after: file });
    else if (fileChanged(old, file)) changes.push({ type: 'file_edited', before: old, after: file });
  }
  for (const file of base.files) {
    if (!filesAfter.has(file.file_id)) changes.push({ type: 'file_deleted', before: file });
  }
  changes.push(...reusableChanges(base, head));
  return changes;
}

function readingOrder(views: PageView[]): PageView[] {
  const children = childrenIndex(views);
  const out: PageView[] = [];
  const visit = (parent: string | null) => {
    for (const view of children.get(parent) ?? []) {
      out.push(view);
      visit(view.page_id);
    }
  };
  visit(null);
  return out;
}

interface PageMeta {
  emoji?: string;
  description?: string;
}

export const metaOf = (view: PageView): PageMeta => JSON.parse(view.meta) as PageMeta;

function editedAttributes(before: PageSide, after: PageSide): PageAttribute[] {
  const [mb, ma] = [metaOf(before.view), metaOf(after.view)];
  const edited: PageAttribute[] = [];
  if (before.view.title !== after.view.title) edited.push('title');
  if ((mb.emoji ?? '') !== (ma.emoji ?? '')) edited.push('emoji');
  // Groups and links have no body or description (GitBook's group and link attributes).
  const isDocument = after.view.kind === 'document';
  if (isDocument && (mb.description ?? '') !== (ma.description ?? '')) edited.push('description');
  if (after.view.kind !== 'link' && before.view.slug !== after.view.slug) edited.push('slug');
  if (isDocument && before.markdown !== after.markdown) edited.push('document');
  return edited;
}

const fileChanged = (a: ContentFileRow, b: ContentFileRow) =>
  a.name !== b.name || a.content_type !== b.content_type || a.hash !== b.hash || a.width !== b.width || a.height !== b.height;

/** Reusable contents by title: created and edited (title, or body by its hash), then deleted. */
function reusableChanges(base: ContentSnapshot, head: ContentSnapshot): ContentChange[] {
  const side = (snapshot: ContentSnapshot, view: ReusableView): ReusableSide => ({ view, markdown: snapshot.markdownOf(view.reusable_id) });
  const before = new Map(base.reusables.map((r) => [r.reusable_id, r]));
  const after = new Set(head.reusables.map((r) => r.reusable_id));
  const changes: ContentChange[] = [];
  for (const reusable of head.reusables) {
    const old = before.get(reusable.reusable_id);
    if (!old) {
      changes.push({ type: 'reusable_content_created', after: side(head, reusable) });
      continue;
    }
    const attributes = [...(old.title !== reusable.title ? ['title' as const] : []), ...(old.body_hash !== reusable.body_hash ? ['document' as const] : [])];
    if (attributes.length) changes.push({ type: 'reusable_content_edited', before: side(base, old), after: side(head, reusable), attributes });
  }
  for (const reusable of base.reusables) {
    if (!after.has(reusable.reusable_id)) changes.push({ type: 'reusable_content_deleted', before: side(base, reusable) });
  }
  return changes;
}
