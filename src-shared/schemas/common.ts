import { z } from 'zod';
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

// The WHATWG URL class is a global of every runtime this layer runs in (Node and browsers), but the layer's
// libraries carry no DOM or Node types: declared here for the one use below.
declare const URL: new (input: string) => { readonly href: string };

/**
 * An http(s) URL, stored as the URL parser spells it (`new URL(v).href`): non-ASCII and control characters
 * percent-encoded, so what is echoed back is a valid URI and what becomes a header (a redirect) is sendable.
 */
export const uri = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => new URL(value).href)
  .pipe(z.string().max(2048));

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const emailDomain = z.string().regex(DOMAIN, 'must be a domain name such as example.com');
export const email = z.string().trim().max(320).regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address');
