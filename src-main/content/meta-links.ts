import type { ServiceContext } from '../app/context';
import { notFound } from '../errors';
import type { PageView } from './presenter';
import { contentAtRevision, contentTarget, pageOfTarget } from './read-service';

/**
 * GitBook's RevisionPageMetaLinks: the page's canonical address and its alternates (the `<link rel=canonical>`
 * and `<link rel=alternate>` a published page declares), each a page of the space or a URL. They are one of
 * the GitBook page options a page record keeps as given (`options.metaLinks`, beside `layout` and `cover`),
 * versioned with the page like its other fields; a page that declares none answers `{}`, as GitBook's do.
 */
interface MetaLinkTarget {
  kind: 'page' | 'url';
  page?: string;
  space?: string;
  url?: string;
}

function pageMetaLinksOf(view: PageView): { canonical?: MetaLinkTarget; alternates?: MetaLinkTarget[] } {
  const meta = JSON.parse(view.meta) as { options?: { metaLinks?: { canonical?: unknown; alternates?: unknown } } };
  const stored = meta.options?.metaLinks;
  if (!stored) return {};
  const canonical = metaLinkTarget(stored.canonical);
  const alternates = Array.isArray(stored.alternates) ? stored.alternates.flatMap((t) => metaLinkTarget(t) ?? []) : undefined;
  return { ...(canonical ? { canonical } : {}), ...(alternates?.length ? { alternates } : {}) };
}

/** Only well-formed targets are presented: meta is written by sync and imports, not validated twice. */
function metaLinkTarget(value: unknown): MetaLinkTarget | undefined {
  const target = value as Partial<MetaLinkTarget> | undefined;
  if (target?.kind === 'page' && typeof target.page === 'string') return { kind: 'page', page: target.page, ...(typeof target.space === 'string' ? { space: target.space } : {}) };
  if (target?.kind === 'url' && typeof target.url === 'string') return { kind: 'url', url: target.url };
  return undefined;
}

/** listSpacePageMetaLinks and listChangeRequestPageMetaLinks: the page as it is now. */
export function listPageMetaLinks(ctx: ServiceContext, spaceId: string, pageId: string, changeRequestId?: string) {
  return pageMetaLinksOf(pageOfTarget(ctx, contentTarget(ctx, spaceId, changeRequestId), pageId));
}

/** listRevisionPageMetaLinks: the page as the revision recorded it. */
export function listRevisionPageMetaLinks(ctx: ServiceContext, spaceId: string, revisionId: string, pageId: string) {
  const view = contentAtRevision(ctx, spaceId, revisionId).pages.find((page) => page.page_id === pageId);
  if (!view) throw notFound(`Page "${pageId}" not found in this revision`);
  return pageMetaLinksOf(view);
}
