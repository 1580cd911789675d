import type { RefResolver } from '../../../src-shared/gitbook-markdown/context';
import type { FolioApp } from '../../app/app';
import { linkTitles } from '../../embeds/link-titles';
import { documentRefResolver, treeLinkScope } from '../../links/content-refs';
import { operationOf } from '../../openapi/operation';
import { allLiveFiles, type ContentFileRow } from '../../store/content-files';
import { getLivePage, type ContentPageRow } from '../../store/content-pages';
import { getLiveReusable, liveReusableBySlug } from '../../store/content-reusables';
import { includedSlug } from '../../content/includes';
import type { PageLinks } from './markdown';
import { missingOperationHtml, operationHtml } from './openapi-html';
import { swaggerOperationHtml } from './swagger-blocks';
import type { SiteFrame } from './page-html';

/** Addresses that name no page or file of the space: web and mail addresses, and a heading of this page. */
const OUTSIDE_OR_HERE = /^([a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * Where a published page's links lead on the site: the space's pages to their published addresses (when
 * the visitor can see them there, as the site's other links), headings to their anchors, files to the
 * site's file route, OpenAPI blocks to the organization's specifications, swagger blocks to the space's spec
 * files (or the organization's spec fetched from their URL).
 */
export function sitePageLinks(app: FolioApp, frame: SiteFrame, page: ContentPageRow, origin: string): PageLinks {
  const { location } = frame;
  let files: Map<string, ContentFileRow> | undefined;
  const liveFiles = () => (files ??= new Map(allLiveFiles(app.db, page.tree_id).map((row) => [row.file_id, row])));
  const fileById = (fileId: string) => liveFiles().get(fileId);
  const fileByName = (name: string) => [...liveFiles().values()].find((row) => row.name === name);
  let resolver: RefResolver | undefined;
  return {
    // Only a relative path names a page or file of the space: the space's link scope (every page's path)
    // is read at the first one, so a page without any costs what it did, however large its space.
    resolveRef: (url, usage) =>
      OUTSIDE_OR_HERE.test(url) ? undefined : (resolver ??= documentRefResolver(treeLinkScope(app.db, page.tree_id, origin), page.page_id))(url, usage),
    // Reusable contents of the page's own content (main, as the site publishes it), found by the include's slug.
    includes: {
      resolve: (path) => {
        const slug = includedSlug(path);
        const row = slug === undefined ? undefined : liveReusableBySlug(app.db, page.tree_id, slug);
        return row ? { kind: 'reusable-content', reusableContent: row.reusable_id } : undefined;
      },
      markdownOf: (id) => getLiveReusable(app.db, page.tree_id, id)?.markdown,
    },
    fileUrl: (name) => `${frame.root}~files/${location.siteSpace.id}/${encodeURIComponent(name)}`,
    file: (fileId) => {
      const row = fileById(fileId);
      return row ? { name: row.name, size: row.size, ...(row.width && row.height ? { width: row.width, height: row.height } : {}) } : undefined;
    },
    page: (ref) => {
      const pageId = ref.page ?? page.page_id;
      const target = getLivePage(app.db, page.tree_id, pageId);
      const resolved = frame.resolve(ref.kind === 'anchor' ? { kind: 'anchor', anchor: ref.anchor, page: pageId } : { kind: 'page', page: pageId });
      return target && resolved ? { href: resolved.href, title: target.title } : undefined;
    },
    // From the cache; an embed without a fresh title is fetched in the background for the next view.
    embedTitle: (url) => linkTitles(app).title(url),
    operation: (tag) => {
      const operation = operationOf(app.db, frame.site.organization_id, tag.spec, tag.path, tag.method);
      return operation ? operationHtml(operation) : missingOperationHtml(tag);
    },
    swagger: (spec, path, method) => {
      if (spec.kind === 'url') return swaggerOperationHtml(app.db, frame.site.organization_id, spec, path, method);
      const file = spec.kind === 'file' ? fileById(spec.fileId) : fileByName(spec.name);
      return file && swaggerOperationHtml(app.db, frame.site.organization_id, { kind: 'file', file }, path, method);
    },
  };
}
