import { signedDownloadUrl } from '../files/signing';
import { documentRefResolver, lazyScope, linkScopeOf } from '../links/content-refs';
import { allLiveFiles, readBlob, type ContentFileRow } from '../store/content-files';
import { listLivePagesWithoutBodies } from '../store/content-pages';
import type { Db } from '../store/database';
import { cachedLinkTitle } from '../embeds/link-titles';
import type { PdfReferences } from './links';

/**
 * What a PDF of a content tree knows of the tree: its links are resolved as the document format
 * resolves them (`documentRefResolver`: pages by their markdown path, files in `.gitbook/assets/`),
 * pages not printed in the PDF lead to the app, files to a download link (which expires as the PDF
 * link does).
 */
export function treeReferences(db: Db, target: { spaceId: string; treeId: string }, baseUrl: string, now: Date): PdfReferences {
  const pages = new Map(listLivePagesWithoutBodies(db, target.treeId).map((row) => [row.page_id, row]));
  let files: Map<string, ContentFileRow> | undefined;
  const fileRows = () => (files ??= new Map(allLiveFiles(db, target.treeId).map((row) => [row.file_id, row])));
  const scope = lazyScope(() => linkScopeOf([...pages.values()], [...fileRows().values()], baseUrl));
  return {
    resolve: (url, usage, pageId) => documentRefResolver(scope(), pageId)(url, usage),
    page(pageId) {
      const row = pages.get(pageId);
      if (!row) return undefined;
      return { title: row.title, url: `${baseUrl}/s/${encodeURIComponent(target.spaceId)}/${row.path.split('/').map(encodeURIComponent).join('/')}` };
    },
    file(fileId) {
      const row = fileRows().get(fileId);
      if (!row) return undefined;
      return { name: row.name, url: signedDownloadUrl(db, baseUrl, { hash: row.hash, name: row.name, contentType: row.content_type }, now) };
    },
    fileImage(fileId) {
      const row = fileRows().get(fileId);
      const bytes = row ? readBlob(db, row.hash) : undefined;
      return row && bytes ? { bytes, contentType: row.content_type } : undefined;
    },
    // Only what the published site fetched already: a PDF is made at once, never waiting on the network.
    embedTitle: (url) => cachedLinkTitle(db, url),
  };
}
