import type { ServiceContext } from '../app/context';
import { badRequest, notFound } from '../errors';
import { requireSpace } from '../spaces/access';
import { getLivePage } from '../store/content-pages';
import { signedPdfUrl } from './signing';

/**
 * The link GET /pdf serves (pdf/serve.ts) for a space's main content, as the change request's PDF link is
 * made: the whole content in reading order, or with `only` the one `page` (`page` alone is accepted, as
 * GitBook documents `only` as what restricts the print to it). Valid for an hour.
 */
export function spacePdfUrl(ctx: ServiceContext & { baseUrl: string }, spaceId: string, request: { only?: boolean; page?: string }): string {
  const { space } = requireSpace(ctx, spaceId);
  if (request.only && !request.page) throw badRequest('page: only=true needs the page to print');
  const page = request.page ? getLivePage(ctx.db, space.id, request.page) : undefined;
  if (request.page && !page) throw notFound(`Page "${request.page}" not found`);
  const title = request.only && page ? page.title : space.title || 'Space';
  return signedPdfUrl(ctx.db, ctx.baseUrl, { spaceId: space.id, treeId: space.id, pageId: request.only ? page?.page_id : undefined, title }, ctx.clock.now());
}
