import type { ServiceContext } from '../app/context';
import { requireChangeRequest } from '../change-requests/access';
import { notFound } from '../errors';
import { requireSpace } from '../spaces/access';
import { requireRevision } from './documents-service';

/**
 * Reusable contents (GitBook's RevisionReusableContent): Folio's content has pages and files only (Git Sync's
 * `.gitbook/includes/` and `{% include %}` are not read), so once the caller's access to the content is
 * checked (an unreadable space, change request or revision stays a 404 about it), every id is unknown.
 */
/** Main content, a change request's content, or a revision. */
export interface ReusableContentScope {
  spaceId: string;
  changeRequestId?: string;
  revisionId?: string;
}

export function getReusableContent(ctx: ServiceContext, scope: ReusableContentScope, reusableContentId: string): never {
  if (scope.changeRequestId) requireChangeRequest(ctx, scope.spaceId, scope.changeRequestId);
  else if (scope.revisionId) requireRevision(ctx, scope.spaceId, scope.revisionId);
  else requireSpace(ctx, scope.spaceId);
  throw notFound(`Reusable content "${reusableContentId}" not found: Folio's content has no reusable contents`);
}
