import { listQuery } from '../../src-shared/schemas/common';
import {
  contentAggregateQuery,
  inviteUsersAndTeamsBody,
  type PermissionTarget,
  siteAggregateQuery,
  updateContentPermissionBody,
  updateSitePermissionBody,
} from '../../src-shared/schemas/permissions';
import type { CallContext } from '../app/context';
import { listEnvelope } from '../http/list';
import { parseInput } from '../http/validate';
import type { PrincipalKind } from '../store/content-permissions';
import { teamPermissionsFor } from '../teams/service';
import { listPermissionsAggregate } from './aggregate-service';
import { presentAggregatePermission, presentSiteAggregatePermission, presentTeamPermission, presentUserPermission } from './presenter';
import {
  inviteToContent,
  listContentTeamPermissions,
  listContentUserPermissions,
  removeContentPermission,
  updateContentPermission,
} from './service';

/**
 * The work of each permissions operation, the same for a space, a collection and a site (routes.ts names each
 * path; tRPC calls the services directly): validate, call the service, present.
 */
export function invite(ctx: CallContext, target: PermissionTarget, body: unknown) {
  inviteToContent(ctx, target, parseInput(inviteUsersAndTeamsBody, body));
  return { status: 204 };
}

export function listUsers(ctx: CallContext, target: PermissionTarget, query: Record<string, string>) {
  const page = listContentUserPermissions(ctx, target, parseInput(listQuery, query, 'query'));
  return { status: 200, body: listEnvelope(page, (row) => presentUserPermission(row, ctx)) };
}

export function listTeams(ctx: CallContext, target: PermissionTarget, query: Record<string, string>) {
  const { page, membership } = listContentTeamPermissions(ctx, target, parseInput(listQuery, query, 'query'));
  return { status: 200, body: listEnvelope(page, (row) => presentTeamPermission(row, teamPermissionsFor(ctx, membership, row.id))) };
}

export function update(ctx: CallContext, target: PermissionTarget, principal: PrincipalKind, principalId: string, body: unknown) {
  const { role } = target.kind === 'site' ? parseInput(updateSitePermissionBody, body) : parseInput(updateContentPermissionBody, body);
  updateContentPermission(ctx, target, principal, principalId, role);
  return { status: 204 };
}

export function remove(ctx: CallContext, target: PermissionTarget, principal: PrincipalKind, principalId: string) {
  return { status: removeContentPermission(ctx, target, principal, principalId) ? 205 : 204 };
}

export function aggregate(ctx: CallContext, target: PermissionTarget, query: Record<string, string>) {
  if (target.kind === 'site') {
    const { page, roles, organizationId } = listPermissionsAggregate(ctx, target, parseInput(siteAggregateQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentSiteAggregatePermission(row, roles.get(row.user_id)!, organizationId, ctx)) };
  }
  const { page, roles } = listPermissionsAggregate(ctx, target, parseInput(contentAggregateQuery, query, 'query'));
  return { status: 200, body: listEnvelope(page, (row) => presentAggregatePermission(row, roles.get(row.user_id)!, ctx)) };
}
