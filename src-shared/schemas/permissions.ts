import { z } from 'zod';
import { listQuery, memberRole, memberRoleOrGuest } from './common';

const ids = (what: string) => z.array(z.string().min(1).max(100)).min(1, `name at least one ${what}`).max(1000);

/**
 * GitBook's InviteUsersAndTeams (and InviteSiteUsersAndTeams, the same shape): a role and users and/or teams
 * by id. The spec's role admits null; an invitation of nobody-in-particular makes no sense, so the service
 * refuses it naming `role`.
 */
export const inviteUsersAndTeamsBody = z
  .strictObject({ role: memberRoleOrGuest, users: ids('user').optional(), teams: ids('team').optional() })
  .refine((body) => body.users !== undefined || body.teams !== undefined, { message: 'name users or teams to invite', path: ['users'] });
export type InviteUsersAndTeamsInput = z.infer<typeof inviteUsersAndTeamsBody>;

/** Spaces and collections: `role: null` removes the invitation (GitBook's MemberRoleOrGuest). */
export const updateContentPermissionBody = z.strictObject({ role: memberRoleOrGuest });

/** Sites: the spec's body takes a MemberRole only. */
export const updateSitePermissionBody = z.strictObject({ role: memberRole });

export const contentAggregateQuery = listQuery.extend({ role: memberRole.optional() });
export type ContentAggregateQuery = z.infer<typeof contentAggregateQuery>;

export const siteAggregateQuery = listQuery.extend({
  role: z.union([memberRole, z.literal('guest')]).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  sort: z.enum(['joinedAt', 'lastSeenAt', 'name']).default('joinedAt'),
  search: z.string().max(200).optional(),
  team: z.string().min(1).max(100).optional(),
});
export type SiteAggregateQuery = z.infer<typeof siteAggregateQuery>;

/** The app's address of an object that takes invitations (tRPC). */
export const permissionTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('space'), spaceId: z.string().min(1) }),
  z.strictObject({ kind: z.literal('collection'), collectionId: z.string().min(1) }),
  z.strictObject({ kind: z.literal('site'), organizationId: z.string().min(1), siteId: z.string().min(1) }),
]);
export type PermissionTarget = z.infer<typeof permissionTarget>;
