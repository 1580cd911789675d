import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import type { DocWriter } from '../content/doc-store';
import { cutRevision, refreshTreeRows, treeDocId, writeBody, type TreeRef } from '../content/engine';
import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { generateKeyBetween } from 'fractional-indexing';
import { lastOrderKey, readPages, writePage, type RecordedFields } from '../content/tree-model';
import { addFileToTree } from '../files/service';
import { newId } from '../store/ids';
import { cleanSlug } from './markdown-page';
import { pageOptionsOf } from './page-options-write';
import { countPages, type ImportedPage, type ImportPlan } from './plan';
import { saveImportedRedirects } from './redirects';
import { writeImportedReusables } from './write-reusables';

/**
 * Writes an import plan under `parentPageId` (the root when null), after the pages already there.
 * Runs inside the caller's `docs.write`: the whole import lands in one transaction and one revision.
 */
export function writeImportPlan(
  ctx: ServiceContext,
  writer: DocWriter,
  tree: TreeRef,
  plan: ImportPlan,
  parentPageId: string | null,
) {
  const now = isoNow(ctx.clock);
  const fileIds = new Map<string, string>();
  for (const file of plan.files) fileIds.set(file.name, addFileToTree(ctx, writer, tree, file));
  const pageIds = new Map<ImportedPage, string>();

  const bodies: Array<{ pageId: string; markdown: string }> = [];
  writer.change(treeDocId(tree.treeId), (doc) => {
    // Each new page goes after the last of its siblings; keys are tracked here rather than
    // re-reading the tree per page, which would make a 1,000-page import quadratic.
    const existing = readPages(doc);
    const lastKey = new Map<string | null, string | null>();
    const nextKey = (parent: string | null) => {
      if (!lastKey.has(parent)) lastKey.set(parent, lastOrderKey(existing, parent));
      const key = generateKeyBetween(lastKey.get(parent) ?? null, null);
      lastKey.set(parent, key);
      return key;
    };
    const place = (pages: ImportedPage[], parent: string | null) => {
      for (const page of pages) {
        const id = newId();
        pageIds.set(page, id);
        const fields = importedPageFields(page, fileIds);
        writePage(doc, id, { ...fields, parent, order: nextKey(parent), createdAt: now, updatedAt: now });
        if (page.markdown && fields.kind === 'document') bodies.push({ pageId: id, markdown: page.markdown });
        place(page.children, id);
      }
    };
    place(plan.pages, parentPageId);
  });
  refreshTreeRows(ctx, tree);
  if (plan.redirects?.length) saveImportedRedirects(ctx, tree.spaceId, plan.redirects, pageIds, now);
  for (const body of bodies) writeBody(ctx, writer, tree, body.pageId, body.markdown);
  if (plan.reusables?.length) writeImportedReusables(ctx, writer, tree, plan.reusables, { removeMissing: false });
  const revision = cutRevision(ctx, tree, 'edits', ctx.user.id);
  const importedResources = countPages(plan.pages) + plan.files.length + (plan.reusables?.length ?? 0);
  return {
    revision,
    importedResources,
    firstPageId: firstDocumentId(plan.pages, pageIds),
    // Each reader counts what it found so that this holds; the floor keeps a miscount in one of
    // them from ever reporting more imported than found.
    totalResources: Math.max(plan.totalResources, importedResources),
  };
}

/** The fields an imported page is stored with, its place and times aside (Git Sync's reconcile compares a page's current fields with these). */
export function importedPageFields(page: ImportedPage, fileIds: ReadonlyMap<string, string>): RecordedFields {
  const kind = page.kind ?? 'document';
  return {
    kind,
    title: page.title,
    // Slugs the importer took from the source (file names) are kept as written, dots included,
    // so that page paths are the source's paths; others come from the title.
    slug: (page.slug && cleanSlug(page.slug)) || slugify(page.title),
    emoji: page.emoji,
    icon: page.icon,
    description: page.description,
    hidden: page.hidden || undefined,
    href: kind === 'link' ? page.href : undefined,
    options: kind === 'document' ? pageOptionsOf(page, fileIds) : undefined,
  };
}

/** The first page read from the source, depth first: a SUMMARY.md group or a folder made up to hold pages is not one. */
function firstDocumentId(pages: ImportedPage[], ids: Map<ImportedPage, string>): string | undefined {
  for (const page of pages) {
    if ((page.kind ?? 'document') === 'document' && !page.synthetic) return ids.get(page);
    const inside = firstDocumentId(page.children, ids);
    if (inside) return inside;
  }
  return undefined;
}
