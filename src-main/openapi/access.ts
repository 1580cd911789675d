import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { type Membership, requireMembership } from '../orgs/access';
import { getSpecBySlug, type OpenAPISpecRow } from '../store/openapi-specs';

/**
 * OpenAPI specifications belong to the organization. Every member (not guests) reads them; adding,
 * updating and deleting them takes the organization's "create" role (or admin, above it): the role
 * GitBook's organization `permissions.createOpenAPISpec` names (orgs/presenter.ts), and the one that
 * creates content the specs are embedded in. Whoever may create a spec may also manage it.
 */
export const OPENAPI_WRITE_ROLE = 'create';

export function canEditSpecs(membership: Membership): boolean {
  return roleAtLeast(membership.role, OPENAPI_WRITE_ROLE);
}

/** The caller's membership, readers only (guests and non-members get 404, as for the organization). */
export function requireSpecReader(ctx: ServiceContext, organizationId: string): Membership {
  const membership = requireMembership(ctx, organizationId);
  if (!roleAtLeast(membership.role, 'read')) throw notFound(`Organization "${organizationId}" not found`);
  return membership;
}

/** As requireSpecReader, and the caller must hold the write role (403 naming it). */
export function requireSpecWriter(ctx: ServiceContext, organizationId: string, action: string): Membership {
  const membership = requireSpecReader(ctx, organizationId);
  if (!canEditSpecs(membership)) {
    throw forbidden(`You need the "${OPENAPI_WRITE_ROLE}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
  return membership;
}

/** A spec of the organization the caller can read (else 404). */
export function requireSpec(ctx: ServiceContext, organizationId: string, slug: string, action?: string): { spec: OpenAPISpecRow } & Membership {
  const membership = action ? requireSpecWriter(ctx, organizationId, action) : requireSpecReader(ctx, organizationId);
  const spec = getSpecBySlug(ctx.db, membership.org.id, slug);
  if (!spec) throw notFound(`OpenAPI specification "${slug}" not found`);
  return { spec, ...membership };
}
