import { listMembersQuery, updateMemberBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentMember } from './presenter';
import { changeMemberRole, getOrganizationMember, listOrganizationMembers, removeMember } from './service';

export function registerMemberRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/members', ({ ctx, params, query }) => {
    const page = listOrganizationMembers(ctx, params.organizationId!, parseInput(listMembersQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (m) => presentMember(m, ctx)) };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}', ({ ctx, params }) => ({
    status: 200,
    body: presentMember(getOrganizationMember(ctx, params.organizationId!, params.userId!), ctx),
  }));

  router.patch('/v1/orgs/{organizationId}/members/{userId}', ({ ctx, params, body }) => {
    const member = changeMemberRole(ctx, params.organizationId!, params.userId!, parseInput(updateMemberBody, body));
    return { status: 200, body: presentMember(member, ctx) };
  });

  router.delete('/v1/orgs/{organizationId}/members/{userId}', ({ ctx, params }) => {
    removeMember(ctx, params.organizationId!, params.userId!);
    return { status: 204 };
  });
}
