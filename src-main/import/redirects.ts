import type { ServiceContext } from '../app/context';
import { upsertSpaceRedirects } from '../store/space-redirects';
import type { ImportedPage, ImportedRedirect } from './plan';

/**
 * Keeps an import's redirects for the space's published site (store/space-redirects.ts), each leading to
 * the page its target file became, else to the target path as the source named it (the site then looks
 * for a page at that path). Runs in the import's transaction.
 */
export function saveImportedRedirects(
  ctx: Pick<ServiceContext, 'db'>,
  spaceId: string,
  redirects: readonly ImportedRedirect[],
  pageIds: ReadonlyMap<ImportedPage, string>,
  now: string,
): void {
  upsertSpaceRedirects(
    ctx.db,
    spaceId,
    redirects.map((redirect) => {
      const pageId = redirect.page ? pageIds.get(redirect.page) : undefined;
      return pageId ? { source: redirect.source, pageId } : { source: redirect.source, targetPath: redirect.path };
    }),
    now,
  );
}
