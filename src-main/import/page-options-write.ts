import type { ImportedPage } from './plan';

/**
 * The stored page options (the page record's `options`, docs/content.md) of an imported page: `layout` as
 * GitBook's RevisionPageLayoutOptions, `cover` as its RevisionPageDocumentCover (the image a file of the
 * space by id, or a URL), `metadata` as the source gave it. None when the source set none of them.
 */
export function pageOptionsOf(page: ImportedPage, fileIds: ReadonlyMap<string, string>): Record<string, unknown> | undefined {
  const options: Record<string, unknown> = {};
  if (page.layout) options.layout = { ...page.layout };
  if (page.cover) {
    const fileId = page.cover.file ? fileIds.get(page.cover.file) : undefined;
    const ref = fileId ? { kind: 'file', file: fileId } : page.cover.url ? { kind: 'url', url: page.cover.url } : undefined;
    options.cover = { ...(ref ? { ref } : {}), yPos: page.cover.yPos };
  }
  if (page.metadata) options.metadata = page.metadata;
  return Object.keys(options).length > 0 ? options : undefined;
}
