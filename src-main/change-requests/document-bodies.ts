import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import { includeWriter, type IncludeScope } from '../content/includes';
import type { MaterializedPage } from '../content/materialize';
import { documentRefWriter, layoutOf } from '../links/content-refs';

/** What a batch of content changes knows beyond the tree: pages and files named by the batch's own refs. */
interface BatchRefs {
  pageIdByRef: ReadonlyMap<string, string>;
  fileNameByRef: ReadonlyMap<string, string>;
}

/**
 * Writes the bodies sent as GitBook documents once the batch has shaped the tree: page, anchor and
 * file references become relative markdown paths from each page's own file, as GitBook lays a
 * space out, so the paths reflect where pages end up after the batch's moves. A reference may name
 * a page or file by the `ref` the batch gave it. Reusable-content blocks become includes of the tree's
 * reusable contents.
 */
export function documentBodyWriter(
  pages: readonly MaterializedPage[],
  files: ReadonlyArray<{ id: string; name: string }>,
  batch: BatchRefs,
  includes: IncludeScope,
) {
  const layout = layoutOf(
    pages.map((p) => ({ page_id: p.id, parent_id: p.parent, path: p.path, position: p.position, kind: p.kind })),
    files.map((f) => ({ file_id: f.id, name: f.name })),
  );
  const fileIds = new Set(files.map((f) => f.id));
  const fileIdByName = new Map(files.map((f) => [f.name, f.id]));
  return (pageId: string, document: unknown): string => {
    const write = documentRefWriter(layout, pageId);
    return documentToMarkdown(document, {
      writeInclude: includeWriter(includes),
      writeRef(ref) {
        if (ref.kind === 'file') {
          const name = fileIds.has(ref.file) ? undefined : batch.fileNameByRef.get(ref.file);
          const id = name === undefined ? undefined : fileIdByName.get(name);
          return write(id ? { kind: 'file', file: id } : ref);
        }
        return write(ref.page === undefined ? ref : { ...ref, page: batch.pageIdByRef.get(ref.page) ?? ref.page });
      },
    });
  };
}
