import type { TeamMemberRole } from '../../src-shared/roles';
import type { CreateTeamInput, ListTeamsQuery, UpdateTeamMembersInput } from '../../src-shared/schemas/teams';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, forbidden, notFound } from '../errors';
import { type Membership, requireOrgRole } from '../orgs/access';
import { inTransaction } from '../store/database';
import { getMember } from '../store/members';
import {
  addTeamMember,
  deleteTeam,
  getTeam,
  getTeamRole,
  insertTeam,
  listTeamMembers,
  listTeams,
  removeTeamMember,
  renameTeam,
  upsertTeamMember,
  type TeamRow,
} from '../store/teams';
import { getUserByEmail } from '../store/users';
import type { TeamPermissions } from './presenter';
import { recordAuditEvent } from '../audit-events/record';

/** Who may manage a team: organization admins and the team's owners. */
export function teamPermissionsFor(ctx: ServiceContext, membership: Membership, teamId: string): TeamPermissions {
  return {
    admin: membership.role === 'admin' || getTeamRole(ctx.db, teamId, ctx.user.id) === 'owner',
    view: true,
  };
}

export function listOrganizationTeams(ctx: ServiceContext, organizationId: string, query: ListTeamsQuery) {
  const membership = requireOrgRole(ctx, organizationId, 'read', 'list teams');
  let ownedBy: string | undefined;
  if (query.owner !== undefined) {
    const owner = getMember(ctx.db, membership.org.id, query.owner);
    if (!owner) throw badRequest(`owner: no member "${query.owner}" in this organization`);
    // An admin can manage every team, so the filter keeps them all.
    if (owner.role !== 'admin') ownedBy = owner.user_id;
  }
  const page = listTeams(ctx.db, membership.org.id, { title: query.title, ownedBy }, query);
  return { page, membership };
}

export function createTeam(ctx: ServiceContext, organizationId: string, input: CreateTeamInput) {
  return inTransaction(ctx.db, () => {
    const membership = requireOrgRole(ctx, organizationId, 'admin', 'create teams');
    const now = isoNow(ctx.clock);
    const memberIds = (input.members ?? []).map((id, i) => resolveMember(ctx, membership, id, `members.${i}`));
    const teamId = insertTeam(ctx.db, membership.org.id, input.title, now);
    for (const userId of memberIds) addTeamMember(ctx.db, teamId, userId, 'member', now);
    recordAuditEvent(ctx, membership.org.id, 'team.created', { type: 'team', id: teamId, label: input.title }, { members: memberIds });
    return { team: getTeam(ctx.db, membership.org.id, teamId)!, membership };
  });
}

export function getOrganizationTeam(ctx: ServiceContext, organizationId: string, teamId: string) {
  const membership = requireOrgRole(ctx, organizationId, 'read', 'see teams');
  return { team: requireTeam(ctx, membership, teamId), membership };
}

export function renameOrganizationTeam(ctx: ServiceContext, organizationId: string, teamId: string, title: string) {
  return inTransaction(ctx.db, () => {
    const { membership, team } = requireTeamAdmin(ctx, organizationId, teamId, 'rename this team');
    renameTeam(ctx.db, team.id, title);
    recordAuditEvent(ctx, membership.org.id, 'team.renamed', { type: 'team', id: team.id, label: title }, { from: team.title });
    return { team: getTeam(ctx.db, membership.org.id, team.id)!, membership };
  });
}

export function deleteOrganizationTeam(ctx: ServiceContext, organizationId: string, teamId: string): void {
  inTransaction(ctx.db, () => {
    const { team, membership } = requireTeamAdmin(ctx, organizationId, teamId, 'delete this team');
    deleteTeam(ctx.db, team.id);
    recordAuditEvent(ctx, membership.org.id, 'team.deleted', { type: 'team', id: team.id, label: team.title });
  });
}

export function listMembersOfTeam(ctx: ServiceContext, organizationId: string, teamId: string, page: { page?: string; limit?: number }) {
  const membership = requireOrgRole(ctx, organizationId, 'read', 'see team members');
  const team = requireTeam(ctx, membership, teamId);
  return listTeamMembers(ctx.db, membership.org.id, team.id, page);
}

/** Bulk change: adds, then role changes, then removals, so a user both added and removed ends removed. */
export function updateTeamMembers(ctx: ServiceContext, organizationId: string, teamId: string, input: UpdateTeamMembersInput) {
  inTransaction(ctx.db, () => {
    const { membership, team } = requireTeamAdmin(ctx, organizationId, teamId, 'manage its members');
    const now = isoNow(ctx.clock);
    const toAdd = (input.add ?? []).map((ref, i) => resolveMember(ctx, membership, ref, `add.${i}`));
    const toRemove = (input.remove ?? []).map((ref, i) => resolveMember(ctx, membership, ref, `remove.${i}`));
    for (const userId of toAdd) addTeamMember(ctx.db, team.id, userId, 'member', now);
    for (const [ref, { role }] of Object.entries(input.memberships ?? {})) {
      const userId = resolveMember(ctx, membership, ref, `memberships.${ref}`);
      if (!getTeamRole(ctx.db, team.id, userId)) {
        throw badRequest(`memberships.${ref}: not a member of this team (add them first)`);
      }
      upsertTeamMember(ctx.db, team.id, userId, role, now);
    }
    for (const userId of toRemove) removeTeamMember(ctx.db, team.id, userId);
    recordAuditEvent(ctx, membership.org.id, 'team.members_updated', { type: 'team', id: team.id, label: team.title }, { added: toAdd, removed: toRemove });
  });
}

export function putTeamMember(
  ctx: ServiceContext,
  organizationId: string,
  teamId: string,
  userId: string,
  role: TeamMemberRole | undefined,
): void {
  inTransaction(ctx.db, () => {
    const { membership, team } = requireTeamAdmin(ctx, organizationId, teamId, 'manage its members');
    if (!getMember(ctx.db, membership.org.id, userId)) throw notFound(`No member "${userId}" in this organization`);
    if (role) upsertTeamMember(ctx.db, team.id, userId, role, isoNow(ctx.clock));
    else addTeamMember(ctx.db, team.id, userId, 'member', isoNow(ctx.clock));
    recordAuditEvent(ctx, membership.org.id, 'team.members_updated', { type: 'team', id: team.id, label: team.title }, { added: [userId] });
  });
}

export function deleteTeamMember(ctx: ServiceContext, organizationId: string, teamId: string, userId: string): void {
  inTransaction(ctx.db, () => {
    const { team, membership } = requireTeamAdmin(ctx, organizationId, teamId, 'manage its members');
    if (!removeTeamMember(ctx.db, team.id, userId)) throw notFound(`User "${userId}" is not a member of this team`);
    recordAuditEvent(ctx, membership.org.id, 'team.members_updated', { type: 'team', id: team.id, label: team.title }, { removed: [userId] });
  });
}

function requireTeam(ctx: ServiceContext, membership: Membership, teamId: string): TeamRow {
  const team = getTeam(ctx.db, membership.org.id, teamId);
  if (!team) throw notFound(`Team "${teamId}" not found`);
  return team;
}

function requireTeamAdmin(ctx: ServiceContext, organizationId: string, teamId: string, action: string) {
  const membership = requireOrgRole(ctx, organizationId, 'read', 'see teams');
  const team = requireTeam(ctx, membership, teamId);
  if (!teamPermissionsFor(ctx, membership, team.id).admin) {
    throw forbidden(`Only organization admins and owners of this team may ${action}`);
  }
  return { membership, team };
}

/** A user id or email naming a member of the organization; anything else is a 400 on that field. */
function resolveMember(ctx: ServiceContext, membership: Membership, ref: string, field: string): string {
  const userId = ref.includes('@') ? getUserByEmail(ctx.db, ref)?.id : ref;
  if (!userId || !getMember(ctx.db, membership.org.id, userId)) {
    throw badRequest(`${field}: "${ref}" is not a member of this organization`);
  }
  return userId;
}
