import { type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { ContentAggregateQuery, PermissionTarget, SiteAggregateQuery } from '../../src-shared/schemas/permissions';
import type { ServiceContext } from '../app/context';
import { badRequest } from '../errors';
import { type AggregateMemberRow, listMembersAmong, memberRoleRow, organizationMemberIds } from '../store/content-permissions';
import type { PageResult } from '../store/keyset';
import { getTeam } from '../store/teams';
import { resolveTarget } from './target';

interface AggregateResult {
  page: PageResult<AggregateMemberRow>;
  /** Each listed user's role on the object. */
  roles: Map<string, MemberRoleOrGuest>;
  organizationId: string;
}

/**
 * Everyone who can reach the object and with which role (listPermissionsAggregateIn*): each member's role is
 * computed by the one function every surface uses (content-role.ts), so this list is exactly who /v1 lets in.
 * `role` keeps those whose role on the object is that one ('guest', on sites: members whose organization role is null).
 */
export function listPermissionsAggregate(
  ctx: ServiceContext,
  target: PermissionTarget,
  query: ContentAggregateQuery | SiteAggregateQuery,
): AggregateResult {
  const resolved = resolveTarget(ctx, target, false);
  const site = 'sort' in query ? query : undefined;
  if (site?.team !== undefined && !getTeam(ctx.db, resolved.organizationId, site.team)) {
    throw badRequest(`team: no team "${site.team}" in this organization`);
  }
  const roles = new Map<string, MemberRoleOrGuest>();
  for (const userId of organizationMemberIds(ctx.db, resolved.organizationId)) {
    const role = resolved.roleOf(ctx.db, userId);
    if (role === undefined || !roleAtLeast(role, 'read')) continue;
    roles.set(userId, role);
  }
  let userIds = [...roles.keys()];
  if (query.role === 'guest') {
    userIds = userIds.filter((userId) => memberRoleRow(ctx.db, resolved.organizationId, userId)?.role === null);
  } else if (query.role !== undefined) {
    userIds = userIds.filter((userId) => roles.get(userId) === query.role);
  }
  const page = listMembersAmong(
    ctx.db,
    resolved.organizationId,
    userIds,
    { search: site?.search, teamId: site?.team, sort: site?.sort ?? 'joinedAt', order: site?.order ?? 'asc' },
    { page: query.page, limit: query.limit },
  );
  return { page, roles, organizationId: resolved.organizationId };
}

