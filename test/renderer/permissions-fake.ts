import { vi } from 'vitest';
import type { Member, PermissionTarget, Team, TeamPermission, UserPermission } from '../../src-renderer/src/api/types';
import { targetKey } from '../../src-renderer/src/components/sharing/sharing-store';
import type { MemberRole, MemberRoleOrGuest } from '../../src-shared/roles';

/** Who is invited to each object, by `targetKey` (space:s-1, collection:c-1, site:org/site). */
export type FakeInvitations = Record<string, { users: UserPermission[]; teams: TeamPermission[] }>;

const badRequest = (message: string) => Object.assign(new Error(message), { name: 'TRPCClientError', data: { code: 'BAD_REQUEST', httpStatus: 400 } });
const notFound = (message: string) => Object.assign(new Error(message), { name: 'TRPCClientError', data: { code: 'NOT_FOUND', httpStatus: 404 } });

/**
 * The `permissions` procedures over plain data, with the server's rules that matter to the panel: invitees
 * must be members (or teams) of an organization, one row per principal, updating a missing row is a 404.
 */
export function fakePermissions(data: { members?: Record<string, Member[]>; teams?: Record<string, Team[]>; invitations?: FakeInvitations }) {
  const of = (target: PermissionTarget) => ((data.invitations ??= {})[targetKey(target)] ??= { users: [], teams: [] });
  const memberById = (id: string) => Object.values(data.members ?? {}).flat().find((m) => m.id === id);
  const teamById = (id: string) => Object.values(data.teams ?? {}).flat().find((t) => t.id === id);
  const page = <T>(items: T[]) => ({ items: [...items], count: items.length });

  function put(target: PermissionTarget, principal: 'user' | 'team', id: string, role: MemberRole): void {
    const rows = of(target);
    if (principal === 'user') {
      const member = memberById(id);
      if (!member) throw badRequest('users: not members of the organization');
      rows.users = [...rows.users.filter((row) => row.user.id !== id), { permission: role, user: member.user }];
    } else {
      const team = teamById(id);
      if (!team) throw badRequest('teams: not teams of the organization');
      rows.teams = [...rows.teams.filter((row) => row.team.id !== id), { permission: role, team }];
    }
  }

  function drop(target: PermissionTarget, principal: 'user' | 'team', id: string): boolean {
    const rows = of(target);
    const before = rows.users.length + rows.teams.length;
    if (principal === 'user') rows.users = rows.users.filter((row) => row.user.id !== id);
    else rows.teams = rows.teams.filter((row) => row.team.id !== id);
    return rows.users.length + rows.teams.length < before;
  }

  const exists = (target: PermissionTarget, principal: 'user' | 'team', id: string) =>
    principal === 'user' ? of(target).users.some((row) => row.user.id === id) : of(target).teams.some((row) => row.team.id === id);

  return {
    listUsers: { query: vi.fn(async (input: { target: PermissionTarget }) => page(of(input.target).users)) },
    listTeams: { query: vi.fn(async (input: { target: PermissionTarget }) => page(of(input.target).teams)) },
    invite: {
      mutate: vi.fn(async (input: { target: PermissionTarget; invite: { role: MemberRoleOrGuest; users?: string[]; teams?: string[] } }): Promise<void> => {
        if (input.invite.role === null) throw badRequest('role: an invitation needs a role');
        for (const id of input.invite.users ?? []) put(input.target, 'user', id, input.invite.role);
        for (const id of input.invite.teams ?? []) put(input.target, 'team', id, input.invite.role);
      }),
    },
    update: {
      mutate: vi.fn(async (input: { target: PermissionTarget; principal: 'user' | 'team'; principalId: string; role: MemberRoleOrGuest }): Promise<void> => {
        if (!exists(input.target, input.principal, input.principalId)) throw notFound(`No invitation of ${input.principal} "${input.principalId}"`);
        if (input.role === null) drop(input.target, input.principal, input.principalId);
        else put(input.target, input.principal, input.principalId, input.role);
      }),
    },
    remove: {
      mutate: vi.fn(async (input: { target: PermissionTarget; principal: 'user' | 'team'; principalId: string }) => ({
        removed: drop(input.target, input.principal, input.principalId),
      })),
    },
  };
}
