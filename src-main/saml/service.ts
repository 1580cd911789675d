import { X509Certificate } from 'node:crypto';
import type { ListQuery } from '../../src-shared/schemas/common';
import type { CreateSamlProviderInput, UpdateSamlProviderInput } from '../../src-shared/schemas/saml';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { requireMembership } from '../orgs/access';
import { inTransaction } from '../store/database';
import { getMember } from '../store/members';
import { getOrganization } from '../store/orgs';
import {
  allSamlProviders,
  deleteSamlProviderRow,
  getSamlProvider,
  insertSamlProvider,
  listSamlProviders,
  type SamlProviderFields,
  type SamlProviderRow,
  setMemberSso,
  updateSamlProvider,
} from '../store/saml';
import { getTeam } from '../store/teams';
import { requireSamlAdmin, requireSamlProvider } from './access';
import { changedFields, recordAuditEvent } from '../audit-events/record';

/** A provider can sign people in once it knows its identity provider: where to send them, its entity ID and its certificate. */
export function isProviderActive(row: SamlProviderRow): boolean {
  return row.entity_id !== null && row.sso_url !== null && row.certificate !== null;
}

/**
 * The certificate as PEM, refused (400 naming the field) unless it parses as an X.509 certificate. IdP metadata
 * often gives the bare base64 body: it is wrapped.
 */
function normalizeCertificate(input: string): string {
  const text = input.trim();
  const pem = text.includes('-----BEGIN')
    ? text
    : `-----BEGIN CERTIFICATE-----\n${(text.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----`;
  try {
    new X509Certificate(pem);
  } catch (error) {
    throw badRequest(`certificate: must be a PEM X.509 certificate (${(error as Error).message})`);
  }
  return pem;
}

/** The body's fields as stored: "" clears entityID and certificate; the team must be one of this organization's. */
function fieldsOf(ctx: ServiceContext, organizationId: string, input: UpdateSamlProviderInput): Partial<SamlProviderFields> {
  if (typeof input.defaultTeam === 'string' && !getTeam(ctx.db, organizationId, input.defaultTeam)) {
    throw badRequest(`defaultTeam: no team "${input.defaultTeam}" in this organization`);
  }
  const optional = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);
  const certificate = optional(input.certificate);
  return {
    label: input.label,
    entityId: optional(input.entityID),
    ssoUrl: input.ssoURL,
    certificate: certificate ? normalizeCertificate(certificate) : certificate,
    defaultTeamId: input.defaultTeam,
    defaultRole: input.defaultRole,
  };
}

export function listOrganizationSamlProviders(ctx: ServiceContext, organizationId: string, query: ListQuery) {
  const membership = requireMembership(ctx, organizationId);
  const page = membership.role === null ? { rows: [], total: 0 } : listSamlProviders(ctx.db, membership.org.id, query);
  return { page, membership };
}

/**
 * Only `label` is required, as in GitBook: a provider made before its identity provider is set up is `pending`
 * (its `service` URLs are what the identity provider needs). `defaultRole` left out is `read`: people signing in
 * become members who can read, not guests who see nothing.
 */
export function createSamlProvider(ctx: ServiceContext, organizationId: string, input: CreateSamlProviderInput) {
  return inTransaction(ctx.db, () => {
    const membership = requireSamlAdmin(ctx, organizationId, 'add SAML providers');
    const fields = fieldsOf(ctx, membership.org.id, input);
    const provider = insertSamlProvider(
      ctx.db,
      membership.org.id,
      {
        label: input.label,
        entityId: fields.entityId ?? null,
        ssoUrl: fields.ssoUrl ?? null,
        certificate: fields.certificate ?? null,
        defaultTeamId: fields.defaultTeamId ?? null,
        defaultRole: fields.defaultRole === undefined ? 'read' : fields.defaultRole,
      },
      isoNow(ctx.clock),
    );
    recordAuditEvent(ctx, membership.org.id, 'saml.provider_created', { type: 'saml-provider', id: provider.id, label: input.label });
    return { provider, membership };
  });
}

export function getSamlProviderForCaller(ctx: ServiceContext, organizationId: string, providerId: string) {
  return requireSamlProvider(ctx, organizationId, providerId);
}

export function updateSamlProviderSettings(ctx: ServiceContext, organizationId: string, providerId: string, input: UpdateSamlProviderInput) {
  return inTransaction(ctx.db, () => {
    const { provider, ...membership } = requireSamlProvider(ctx, organizationId, providerId, 'change SAML providers');
    updateSamlProvider(ctx.db, provider.id, fieldsOf(ctx, provider.organization_id, input), isoNow(ctx.clock));
    recordAuditEvent(ctx, provider.organization_id, 'saml.provider_updated', { type: 'saml-provider', id: provider.id, label: provider.label }, { fields: changedFields(input) });
    return { provider: getSamlProvider(ctx.db, provider.id)!, membership };
  });
}

/** Deletes the provider (logins through it stop at once); false when there was no such provider (the API then answers 204). */
export function deleteSamlProvider(ctx: ServiceContext, organizationId: string, providerId: string): boolean {
  return inTransaction(ctx.db, () => {
    const membership = requireSamlAdmin(ctx, organizationId, 'delete SAML providers');
    const provider = getSamlProvider(ctx.db, providerId);
    if (!provider || provider.organization_id !== membership.org.id) return false;
    deleteSamlProviderRow(ctx.db, provider.id);
    recordAuditEvent(ctx, provider.organization_id, 'saml.provider_deleted', { type: 'saml-provider', id: provider.id, label: provider.label });
    return true;
  });
}

/**
 * GET .../sso: the organization's logins, for a sign-in page. Anyone signed in may ask, member or not (joining
 * through SSO is how a non-member becomes one); only active providers are listed, as only they can sign in.
 */
export function listSsoLogins(ctx: ServiceContext, organizationId: string): SamlProviderRow[] {
  const org = getOrganization(ctx.db, organizationId);
  if (!org) throw notFound(`Organization "${organizationId}" not found`);
  return allSamlProviders(ctx.db, org.id).filter(isProviderActive);
}

/** POST .../members/{userId}/sso: the member signs in through SSO from now on (admins). */
export function setMemberAsSso(ctx: ServiceContext, organizationId: string, userId: string) {
  return inTransaction(ctx.db, () => {
    const { org } = requireSamlAdmin(ctx, organizationId, 'set members as SSO members');
    if (!getMember(ctx.db, org.id, userId)) throw notFound(`Member "${userId}" not found`);
    setMemberSso(ctx.db, org.id, userId);
    return getMember(ctx.db, org.id, userId)!;
  });
}
