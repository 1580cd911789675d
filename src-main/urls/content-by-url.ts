import type { CallContext } from '../app/context';
import { requireChangeRequest } from '../change-requests/access';
import { presentChangeRequest } from '../change-requests/presenter';
import { requireCollection } from '../collections/access';
import { presentCollection } from '../collections/presenter';
import { childrenIndex, presentPage } from '../content/presenter';
import { withSubtree } from '../content/read-service';
import { badRequest, notFound } from '../errors';
import { locate } from '../sites/preview/locate';
import { readSiteStructure } from '../sites/structure';
import { requireSpace, spaceRole } from '../spaces/access';
import { presentSpace } from '../spaces/presenter';
import { getLivePageByPath } from '../store/content-pages';
import { parseHttpUrl, siteAddressOf } from './site-address';

/**
 * GitBook's getContentByUrl: what an address of this Folio shows. The app's addresses are those its objects
 * give as `urls.app`: `/c/{collectionId}`, `/s/{spaceId}[/{pagePath}]`, a change request's
 * `/s/{spaceId}/~/changes/{number}[/{pagePath}]` and a revision's `/s/{spaceId}/~/revisions/{revisionId}`;
 * a published site's page (`/sites/{siteId}/...`, or a site's own hostname) resolves to the space and page
 * it shows. The caller must be able to read what is named (else 404, as every read).
 */
export function contentByUrl(ctx: CallContext, raw: string) {
  const url = parseHttpUrl(raw);
  if (!url) throw badRequest('url: give an http or https address of this Folio');
  const appOrigin = new URL(ctx.baseUrl).origin;
  const site = siteAddressOf(ctx.db, url, appOrigin);
  if (site) {
    const location = locate(ctx.db, site.site, readSiteStructure(ctx.db, site.site), site.segments);
    if (!location) throw notFound('This address of the site shows no content');
    return spaceContent(ctx, location.space.id, location.page?.path);
  }
  if (url.origin !== appOrigin) throw notFound(`${url.origin} is not an address of this Folio (${appOrigin})`);
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  const [kind, id, ...rest] = segments;
  if (kind === 'c' && id && rest.length === 0) {
    const { collection, role } = requireCollection(ctx, id);
    return { collection: presentCollection(collection, role, ctx) };
  }
  if (kind !== 's' || !id) throw notFound(`No content at ${url.pathname}`);
  if (rest[0] === '~' && rest[1] === 'changes' && rest[2]) return changeRequestContent(ctx, id, rest[2], rest.slice(3).join('/'));
  if (rest[0] === '~') return spaceContent(ctx, id, undefined);
  return spaceContent(ctx, id, rest.join('/'));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest('url: malformed percent-encoding in the path');
  }
}

function spaceContent(ctx: CallContext, spaceId: string, pagePath: string | undefined) {
  const { space } = requireSpace(ctx, spaceId);
  const body = { space: presentSpace(space, spaceRole(ctx, space), ctx) };
  if (!pagePath) return body;
  const page = presentablePage(ctx, space.id, space.id, pagePath);
  if (!page) throw notFound(`No page at path "${pagePath}"`);
  return { ...body, page };
}

function changeRequestContent(ctx: CallContext, spaceId: string, number: string, pagePath: string) {
  const { space, changeRequest } = requireChangeRequest(ctx, spaceId, number);
  const body = { space: presentSpace(space, spaceRole(ctx, space), ctx), changeRequest: presentChangeRequest(changeRequest, ctx) };
  if (!pagePath) return body;
  const page = presentablePage(ctx, space.id, changeRequest.id, pagePath);
  if (!page) throw notFound(`No page at path "${pagePath}" in this change request`);
  return { ...body, page };
}

/** A document or group page at a path, as the content reads present it; a link page has no content to name. */
function presentablePage(ctx: CallContext, spaceId: string, treeId: string, path: string) {
  const row = getLivePageByPath(ctx.db, treeId, path);
  if (!row || row.kind === 'link') return undefined;
  const { page, subtree, markdownOf } = withSubtree(ctx, row);
  return presentPage(page, ctx, { spaceId, children: childrenIndex(subtree), markdownOf });
}
