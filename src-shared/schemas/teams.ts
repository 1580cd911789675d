import { z } from 'zod';
import { listQuery, teamMemberRole } from './common';

const teamTitle = z.string().trim().min(1).max(64);

export const listTeamsQuery = listQuery.extend({
  owner: z.string().min(1).max(100).optional(),
  title: z.string().max(64).optional(),
});
export type ListTeamsQuery = z.infer<typeof listTeamsQuery>;

export const createTeamBody = z.strictObject({
  title: teamTitle,
  members: z.array(z.string().min(1)).max(1000).optional(),
});
export type CreateTeamInput = z.infer<typeof createTeamBody>;

export const updateTeamBody = z.strictObject({ title: teamTitle });

export const updateTeamMembersBody = z.strictObject({
  add: z.array(z.string().min(1)).max(1000).optional(),
  remove: z.array(z.string().min(1)).max(1000).optional(),
  memberships: z.record(z.string().min(1), z.strictObject({ role: teamMemberRole })).optional(),
});
export type UpdateTeamMembersInput = z.infer<typeof updateTeamMembersBody>;

export const putTeamMemberBody = z.strictObject({ role: teamMemberRole.optional() });
