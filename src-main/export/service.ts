import type { ServiceContext } from '../app/context';
import { contentAtRevision, contentOfTree, contentTarget, type ContentSnapshot, pageOfTarget } from '../content/read-service';
import type { PageMeta } from '../content/tree-model';
import { notFound } from '../errors';
import { requireSpace } from '../spaces/access';
import { readBlob } from '../store/content-files';
import { listSpaceRedirectsInCreationOrder } from '../store/space-redirects-order';
import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { gitbookConfigText } from './gitbook-config';
import { exportTree, flattenTree } from './page-tree';
import { buildRepository, pageFileText, type RepositoryFile } from './repository';
import { zipRepository } from './zip';

/**
 * Exports a space's content (main, or a change request's with its id) as the repository GitBook's
 * Git Sync would write (repository.ts). Reading the content is all it takes: the read role.
 */
export function exportSpaceRepository(ctx: ServiceContext, spaceId: string, changeRequestId?: string): RepositoryFile[] {
  const target = contentTarget(ctx, spaceId, changeRequestId);
  return repositoryOf(ctx, target.spaceId, contentOfTree(ctx, target.treeId, target.revisionId));
}

/** The space's main content as it was at one of its revisions, as the same repository (Git Sync's commit per merge). */
export function exportSpaceRepositoryAt(ctx: ServiceContext, spaceId: string, revisionId: string): RepositoryFile[] {
  return repositoryOf(ctx, spaceId, contentAtRevision(ctx, spaceId, revisionId));
}

function repositoryOf(ctx: ServiceContext, spaceId: string, content: Pick<ContentSnapshot, 'pages' | 'files' | 'reusables' | 'markdownOf'>): RepositoryFile[] {
  const files = new Map(flattenTree(exportTree(content.pages)).map((page) => [page.id, page.file]));
  // The space's redirects (from an imported `.gitbook.yaml`): to the file of the page they lead to now,
  // else to the path the source named.
  const redirects = listSpaceRedirectsInCreationOrder(ctx.db, spaceId).flatMap((row) => {
    const target = (row.page_id ? files.get(row.page_id) : undefined) ?? row.target_path;
    return target ? [{ source: row.source, target }] : [];
  });
  return buildRepository({
    pages: content.pages,
    markdownOf: content.markdownOf,
    files: content.files.map((file) => ({ id: file.file_id, name: file.name, bytes: () => readBlob(ctx.db, file.hash) })),
    reusables: content.reusables.map((reusable) => ({ slug: reusable.slug, title: reusable.title, markdown: content.markdownOf(reusable.reusable_id) })),
    config: gitbookConfigText(redirects),
  });
}

/** The export as a zip archive, with the file name to save it under (the space's title). */
export function exportSpaceZip(ctx: ServiceContext, spaceId: string, changeRequestId?: string): { fileName: string; bytes: Uint8Array } {
  const files = exportSpaceRepository(ctx, spaceId, changeRequestId);
  const { space } = requireSpace(ctx, spaceId);
  return { fileName: `${slugify(space.title) || 'space'}.zip`, bytes: zipRepository(files) };
}

/**
 * One page's file as the space's export writes it (front matter, `# title`, body with its files
 * linked relative to the file), and that file's path in the repository. Group and link pages have
 * no file.
 */
export function exportPageFile(ctx: ServiceContext, spaceId: string, pageId: string, changeRequestId?: string): { path: string; markdown: string } {
  const target = contentTarget(ctx, spaceId, changeRequestId);
  const row = pageOfTarget(ctx, target, pageId);
  if (row.kind !== 'document') throw notFound(`Page "${pageId}" is a ${row.kind} page: it has no file to export`);
  // Where the page's file sits depends on the whole tree (the first page is README.md).
  const content = contentOfTree(ctx, target.treeId, target.revisionId, { bodies: false });
  const page = flattenTree(exportTree(content.pages)).find((p) => p.id === pageId)!;
  const names = new Map(content.files.map((file) => [file.file_id, file.name]));
  const markdown = pageFileText({ title: row.title, meta: JSON.parse(row.meta) as PageMeta, file: page.file! }, row.markdown, (id) => names.get(id));
  return { path: page.file!, markdown };
}
