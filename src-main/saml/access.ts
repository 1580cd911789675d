import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { type Membership, requireMembership } from '../orgs/access';
import { getSamlProvider, type SamlProviderRow } from '../store/saml';

/**
 * SAML providers are the organization's sign-in settings. As in GitBook, its admins manage them (create, change,
 * delete); every member (not guests) may read them, as they read sites and teams: nothing in a provider is
 * secret (the certificate is the identity provider's public one). The login list (GET .../sso) is for anyone
 * signed in, member or not (saml/service.ts).
 */
export const SAML_ADMIN_ROLE = 'admin';

function requireAdminRole(membership: Membership, action: string): void {
  if (!roleAtLeast(membership.role, SAML_ADMIN_ROLE)) {
    throw forbidden(`You need the "${SAML_ADMIN_ROLE}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
}

/** A provider of the organization the caller can read (else 404); with `action`, the caller must be an admin (else 403). */
export function requireSamlProvider(
  ctx: ServiceContext,
  organizationId: string,
  providerId: string,
  action?: string,
): { provider: SamlProviderRow } & Membership {
  const membership = requireMembership(ctx, organizationId);
  const provider = getSamlProvider(ctx.db, providerId);
  if (!provider || provider.organization_id !== membership.org.id || !roleAtLeast(membership.role, 'read')) {
    throw notFound(`SAML provider "${providerId}" not found`);
  }
  if (action) requireAdminRole(membership, action);
  return { provider, ...membership };
}

export function requireSamlAdmin(ctx: ServiceContext, organizationId: string, action: string): Membership {
  const membership = requireMembership(ctx, organizationId);
  requireAdminRole(membership, action);
  return membership;
}
