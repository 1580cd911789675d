import type { ListQuery } from '../../src-shared/schemas/common';
import type {
  ContentAggregateQuery,
  InviteUsersAndTeamsInput,
  PermissionTarget,
  SiteAggregateQuery,
  updateContentPermissionBody,
} from '../../src-shared/schemas/permissions';
import type { CallContext } from '../app/context';
import { listEnvelope } from '../http/list';
import type { z } from 'zod';
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
 * path and declares its input; tRPC calls the services directly): call the service, present.
 */
export function invite(ctx: CallContext, target: PermissionTarget, body: InviteUsersAndTeamsInput) {
  inviteToContent(ctx, target, body);
  return { status: 204 };
}

export function listUsers(ctx: CallContext, target: PermissionTarget, query: ListQuery) {
  const page = listContentUserPermissions(ctx, target, query);
  return { status: 200, body: listEnvelope(page, (row) => presentUserPermission(row, ctx)) };
}

export function listTeams(ctx: CallContext, target: PermissionTarget, query: ListQuery) {
  const { page, membership } = listContentTeamPermissions(ctx, target, query);
  return { status: 200, body: listEnvelope(page, (row) => presentTeamPermission(row, teamPermissionsFor(ctx, membership, row.id))) };
}

type UpdatedRole = z.output<typeof updateContentPermissionBody>['role'];

/** A site's roles are member roles; a space's or collection's may be `guest` too (the routes' schemas say which). */
export function update(ctx: CallContext, target: PermissionTarget, principal: PrincipalKind, principalId: string, body: { role: UpdatedRole }) {
  updateContentPermission(ctx, target, principal, principalId, body.role);
  return { status: 204 };
}

export function remove(ctx: CallContext, target: PermissionTarget, principal: PrincipalKind, principalId: string) {
  return { status: removeContentPermission(ctx, target, principal, principalId) ? 205 : 204 };
}

export function aggregate(ctx: CallContext, target: PermissionTarget, query: ContentAggregateQuery) {
  const { page, roles } = listPermissionsAggregate(ctx, target, query);
  return { status: 200, body: listEnvelope(page, (row) => presentAggregatePermission(row, roles.get(row.user_id)!, ctx)) };
}

export function siteAggregate(ctx: CallContext, target: PermissionTarget, query: SiteAggregateQuery) {
  const { page, roles, organizationId } = listPermissionsAggregate(ctx, target, query);
  return { status: 200, body: listEnvelope(page, (row) => presentSiteAggregatePermission(row, roles.get(row.user_id)!, organizationId, ctx)) };
}
