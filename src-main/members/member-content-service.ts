import type { ListMemberSpacesQuery, ListMemberTeamsQuery } from '../../src-shared/schemas/members';
import { roleAtLeast, type MemberRole } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { pageInMemory } from '../http/offset-page';
import { requireMembership } from '../orgs/access';
import { spaceRole } from '../spaces/access';
import { getMember } from '../store/members';
import { listTeamsOfMember } from '../store/member-teams';
import { getSpace, listLiveSpaceIds, type SpaceRow } from '../store/spaces';
import { getUserById } from '../store/users';

/**
 * What a member can reach is theirs and their admins' to see: an admin audits a member's access, a member
 * checks their own; anyone else would learn who was invited where (403).
 */
function requireMemberOverview(ctx: ServiceContext, organizationId: string, userId: string) {
  const { org, role } = requireMembership(ctx, organizationId);
  const member = getMember(ctx.db, org.id, userId);
  if (!member) throw notFound(`No member "${userId}" in this organization`);
  if (userId !== ctx.user.id && role !== 'admin') {
    throw forbidden(`You need the "admin" role in this organization to see what another member can access (yours: ${role ?? 'guest'})`);
  }
  return { org, member };
}

/** Every live space of the organization the member can read, with their effective role in it (GitBook's MemberContentPermission). */
export function listSpacesForOrganizationMember(ctx: ServiceContext, organizationId: string, userId: string, query: ListMemberSpacesQuery) {
  const { org } = requireMemberOverview(ctx, organizationId, userId);
  const user = getUserById(ctx.db, userId)!;
  const asMember: ServiceContext = { ...ctx, user };
  const reachable: Array<{ space: SpaceRow; permission: MemberRole }> = [];
  for (const id of listLiveSpaceIds(ctx.db, org.id)) {
    const space = getSpace(ctx.db, id)!;
    const permission = spaceRole(asMember, space);
    if (permission && roleAtLeast(permission, 'read')) reachable.push({ space, permission });
  }
  reachable.sort((a, b) => a.space.created_at.localeCompare(b.space.created_at) || a.space.id.localeCompare(b.space.id));
  if ((query.order ?? 'desc') === 'desc') reachable.reverse();
  const page = pageInMemory(reachable, query);
  return { rows: page.items, total: page.total, next: page.next };
}

export function listTeamsForOrganizationMember(ctx: ServiceContext, organizationId: string, userId: string, query: ListMemberTeamsQuery) {
  const { org } = requireMemberOverview(ctx, organizationId, userId);
  return listTeamsOfMember(ctx.db, org.id, userId, query.title, query);
}
