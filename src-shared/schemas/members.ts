import { z } from 'zod';
import { email, listQuery, memberRole, memberRoleOrGuest } from './common';

export const listMembersQuery = listQuery.extend({
  order: z.enum(['asc', 'desc']).optional(),
  sort: z.enum(['joinedAt', 'lastSeenAt']).optional(),
  role: z.union([memberRole, z.literal('guest')]).optional(),
  search: z.string().max(512).optional(),
});
export type ListMembersQuery = z.infer<typeof listMembersQuery>;

export const updateMemberBody = z.strictObject({ role: memberRoleOrGuest });
export type UpdateMemberInput = z.infer<typeof updateMemberBody>;

export const inviteUsersBody = z.strictObject({
  emails: z
    .array(z.union([email, z.strictObject({ email, role: memberRoleOrGuest })]))
    .min(1)
    .max(100),
  role: memberRoleOrGuest.optional(),
  sso: z.boolean().optional(),
});
export type InviteUsersInput = z.infer<typeof inviteUsersBody>;

export const createLinkInviteBody = z.strictObject({ role: memberRoleOrGuest });
export const updateLinkInviteBody = z.strictObject({ role: memberRoleOrGuest });

/** GET /orgs/{organizationId}/members/{userId}/spaces: newest first unless `order=asc`. */
export const listMemberSpacesQuery = listQuery.extend({ order: z.enum(['asc', 'desc']).optional() });
export type ListMemberSpacesQuery = z.infer<typeof listMemberSpacesQuery>;

/** GET /orgs/{organizationId}/members/{userId}/teams, optionally only teams whose title contains `title`. */
export const listMemberTeamsQuery = listQuery.extend({ title: z.string().max(512).optional() });
export type ListMemberTeamsQuery = z.infer<typeof listMemberTeamsQuery>;
