import { createHash } from 'node:crypto';
import type { CallContext } from '../app/context';
import type { PageView } from '../content/presenter';
import { presentFile } from '../files/presenter';
import type { ContentFileRow } from '../store/content-files';
import { lineDiff } from './line-diff';
import type { ReusableView } from '../content/read-service';
import { metaOf, type ContentChange, type PageAttribute, type PageSide, type ReusableSide } from './semantic-changes';

/** GitBook's `ChangedRevisionPage`. */
function presentChangedPage(view: PageView) {
  const type = view.kind === 'group' || view.kind === 'link' ? view.kind : 'document';
  return { id: view.page_id, type, title: view.title, path: view.path };
}

/** GitBook's `ChangedRevisionReusableContent`: its document is its body's hash, as a page's is. */
function presentChangedReusable(view: ReusableView) {
  return { id: view.reusable_id, title: view.title, document: view.body_hash };
}

function reusableAttributes(before: ReusableSide, after: ReusableSide, attributes: Array<'title' | 'document'>) {
  const values = { title: [before.view.title, after.view.title], document: [before.view.body_hash, after.view.body_hash] };
  return Object.fromEntries(attributes.map((name) => [name, { before: values[name][0], after: values[name][1] }]));
}

function presentChangedFile(file: ContentFileRow, ctx: CallContext, now: Date) {
  const { id, name, contentType, downloadURL } = presentFile(file, { ...ctx, now });
  return { id, name, contentType, downloadURL };
}

/**
 * A body's version is named by the hash of its markdown (the id content_bodies stores it under), as
 * GitBook names a page's document by id: the text itself is what the app's diff shows.
 */
const documentId = (markdown: string) => createHash('sha256').update(markdown, 'utf8').digest('hex');

function pageAttributes(before: PageSide, after: PageSide, attributes: PageAttribute[]) {
  const [mb, ma] = [metaOf(before.view), metaOf(after.view)];
  const values: Record<PageAttribute, [string | undefined, string | undefined]> = {
    title: [before.view.title, after.view.title],
    emoji: [mb.emoji, ma.emoji],
    description: [mb.description, ma.description],
    slug: [before.view.slug, after.view.slug],
    document: [documentId(before.markdown), documentId(after.markdown)],
  };
  // An emoji or description added or removed has no `before` or `after` (GitBook's ChangeAttributeString).
  return Object.fromEntries(
    attributes.map((name) => {
      const [b, a] = values[name];
      return [name, { ...(b ? { before: b } : {}), ...(a ? { after: a } : {}) }];
    }),
  );
}

function fileAttributes(before: ContentFileRow, after: ContentFileRow, ctx: CallContext, now: Date) {
  const out: Record<string, unknown> = {};
  if (before.name !== after.name) out.name = { before: before.name, after: after.name };
  if (before.content_type !== after.content_type) out.contentType = { before: before.content_type, after: after.content_type };
  if (before.hash !== after.hash) {
    out.size = { before: before.size, after: after.size };
    out.downloadURL = { before: presentChangedFile(before, ctx, now).downloadURL, after: presentChangedFile(after, ctx, now).downloadURL };
  }
  const dimensions = (f: ContentFileRow) => (f.width !== null && f.height !== null ? { width: f.width, height: f.height } : undefined);
  if (before.width !== after.width || before.height !== after.height) {
    out.dimensions = { ...(dimensions(before) ? { before: dimensions(before) } : {}), ...(dimensions(after) ? { after: dimensions(after) } : {}) };
  }
  return out;
}

/** One change as GitBook's `RevisionSemanticChange`. */
function presentSemanticChange(change: ContentChange, ctx: CallContext, now: Date) {
  switch (change.type) {
    case 'page_created':
      return { type: change.type, page: presentChangedPage(change.after.view) };
    case 'page_deleted':
      return { type: change.type, page: presentChangedPage(change.before.view) };
    case 'page_edited':
      return { type: change.type, page: presentChangedPage(change.after.view), attributes: pageAttributes(change.before, change.after, change.attributes) };
    case 'page_moved':
      return {
        type: change.type,
        page: presentChangedPage(change.after.view),
        // A page at the root has no parent on that side.
        parent: {
          ...(change.parentBefore ? { before: presentChangedPage(change.parentBefore) } : {}),
          ...(change.parentAfter ? { after: presentChangedPage(change.parentAfter) } : {}),
        },
      };
    case 'file_created':
      return { type: change.type, file: presentChangedFile(change.after, ctx, now) };
    case 'file_deleted':
      return { type: change.type, file: presentChangedFile(change.before, ctx, now) };
    case 'file_edited':
      return { type: change.type, file: presentChangedFile(change.after, ctx, now), attributes: fileAttributes(change.before, change.after, ctx, now) };
    case 'reusable_content_created':
      return { type: change.type, reusableContent: presentChangedReusable(change.after.view) };
    case 'reusable_content_deleted':
      return { type: change.type, reusableContent: presentChangedReusable(change.before.view) };
    case 'reusable_content_edited':
      return {
        type: change.type,
        reusableContent: presentChangedReusable(change.after.view),
        attributes: reusableAttributes(change.before, change.after, change.attributes),
      };
  }
}

/** GitBook's `RevisionSemanticChanges`: the first `limit` changes, and how many more there are. */
export function presentSemanticChanges(changes: ContentChange[], ctx: CallContext, limit: number) {
  const now = ctx.clock.now();
  const shown = changes.slice(0, limit).map((change) => presentSemanticChange(change, ctx, now));
  return { changes: shown, ...(changes.length > limit ? { more: changes.length - limit } : {}) };
}

/** The text a page change shows as a diff: a new page is all insertions, a deleted one all deletions. */
function bodiesOf(change: ContentChange): [string, string] | undefined {
  const isDocument = (side: PageSide) => side.view.kind === 'document';
  if (change.type === 'page_created') return isDocument(change.after) ? ['', change.after.markdown] : undefined;
  if (change.type === 'page_deleted') return isDocument(change.before) ? [change.before.markdown, ''] : undefined;
  if (change.type === 'page_edited' && change.attributes.includes('document')) return [change.before.markdown, change.after.markdown];
  if (change.type === 'reusable_content_created') return ['', change.after.markdown];
  if (change.type === 'reusable_content_deleted') return [change.before.markdown, ''];
  if (change.type === 'reusable_content_edited' && change.attributes.includes('document')) return [change.before.markdown, change.after.markdown];
  return undefined;
}

/**
 * The app's view of the same changes: each page change whose body differs carries its line diff,
 * computed here so the renderer ships no diff code and the text never crosses IPC twice.
 */
export function presentChangesWithDiffs(changes: ContentChange[], ctx: CallContext, limit: number) {
  const now = ctx.clock.now();
  const shown = changes.slice(0, limit).map((change) => {
    const bodies = bodiesOf(change);
    return { ...presentSemanticChange(change, ctx, now), ...(bodies ? { diff: lineDiff(...bodies) } : {}) };
  });
  return { changes: shown, ...(changes.length > limit ? { more: changes.length - limit } : {}) };
}
