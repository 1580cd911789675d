import { type AppLocation, parseAppPath } from '../../src-shared/app-location';
import type { ServiceContext } from '../app/context';
import { getChangeRequestForCaller } from '../change-requests/service';
import { getCollectionForCaller } from '../collections/service';
import { currentPageByPath } from '../content/read-service';
import { isFolioError } from '../errors';

/**
 * The app location a `urls.app` path names, for this caller: page paths, change request numbers and
 * collections become the ids the app opens. Undefined when the path is not one of Folio's, or names
 * something the caller cannot see (the app then opens where it was, as for any unknown address).
 */
export function resolveAppPath(ctx: ServiceContext, pathname: string): AppLocation | undefined {
  const path = parseAppPath(pathname);
  if (!path) return undefined;
  try {
    switch (path.kind) {
      case 'location':
        return path.location;
      case 'page':
        return { spaceId: path.spaceId, pageId: currentPageByPath(ctx, path.spaceId, path.pagePath).page_id };
      case 'change-request':
        return { spaceId: path.spaceId, changeRequestId: getChangeRequestForCaller(ctx, path.spaceId, path.number).id };
      case 'collection':
        return { organizationId: getCollectionForCaller(ctx, path.collectionId).collection.organization_id };
    }
  } catch (error) {
    if (isFolioError(error) && (error.kind === 'not_found' || error.kind === 'bad_request')) return undefined;
    throw error;
  }
}
