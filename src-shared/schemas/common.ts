import { z } from 'zod';
import { isWellFormedText, NOT_WELL_FORMED } from '../text/well-formed';
import { MEMBER_ROLES, TEAM_MEMBER_ROLES } from '../roles';

export const memberRole = z.enum(MEMBER_ROLES);
export const memberRoleOrGuest = memberRole.nullable();
export const teamMemberRole = z.enum(TEAM_MEMBER_ROLES);

/** `page` and `limit` of every list endpoint. The limit is 1..1000; the page is an opaque cursor. */
export const listQuery = z.object({
  page: z.string().min(1).max(2048).optional(),
  limit: z.coerce.number().int('must be a whole number').min(1).max(1000).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Query-string booleans: the API takes `true`/`false`. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * An http(s) URL, kept as written except that characters a URI cannot hold (beyond ASCII, controls, spaces) are
 * percent-encoded: what is echoed back is a valid URI and what becomes a header (a redirect) is sendable.
 */
export const uri = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine(isWellFormedText, NOT_WELL_FORMED)
  .transform((value) => value.replace(/[^\x21-\x7e]+/g, encodeURIComponent))
  .pipe(z.string().max(2048));

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const emailDomain = z.string().regex(DOMAIN, 'must be a domain name such as example.com');
export const email = z.string().trim().max(320).regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address');
