import type { ListOrganizationChangeRequestsQuery } from '../../src-shared/schemas/change-requests';
import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { badRequest } from '../errors';
import { requireMembership } from '../orgs/access';
import { spaceRole } from '../spaces/access';
import { listChangeRequestsOfSpaces } from '../store/change-requests';
import { getSpace, listLiveSpaceIds } from '../store/spaces';

/** Change requests of every space of the organization the caller can read (guests: the spaces they were invited to). */
export function listChangeRequestsForOrganization(ctx: ServiceContext, organizationId: string, query: ListOrganizationChangeRequestsQuery) {
  const { org } = requireMembership(ctx, organizationId);
  const readable = listLiveSpaceIds(ctx.db, org.id).filter((id) => roleAtLeast(spaceRole(ctx, getSpace(ctx.db, id)!), 'read'));
  let spaceIds = readable;
  if (query.space !== undefined) {
    if (!readable.includes(query.space)) throw badRequest(`space: no space "${query.space}" in this organization`);
    spaceIds = [query.space];
  }
  return listChangeRequestsOfSpaces(
    ctx.db,
    { spaceIds, statuses: query.status ?? ['open'], creator: query.creator, contributor: query.contributor, orderBy: query.orderBy ?? 'updatedAt' },
    query,
  );
}
