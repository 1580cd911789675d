import { z } from 'zod';
import { listQuery, memberRoleOrGuest, uri } from './common';

// SAML single sign-on providers, GitBook 0.137.0: SAMLProviderLabel (1-30), SAMLProviderEntityID (max 1024),
// SAMLProviderCertificate (max 10000), URL (uri, max 2048), defaultTeam (a team id), MemberRoleOrGuest.
// Whether the certificate parses as X.509 is checked in src-main/saml (it needs node:crypto).

const samlProviderLabel = z.string().trim().min(1).max(30);
/** "" leaves it unset (a `pending` provider presents its missing entityID and certificate as ""). */
const samlProviderEntityId = z.string().trim().max(1024);
const samlProviderCertificate = z.string().trim().max(10000);

const providerFields = {
  label: samlProviderLabel,
  entityID: samlProviderEntityId.optional(),
  certificate: samlProviderCertificate.optional(),
  ssoURL: uri.optional(),
  defaultTeam: z.string().min(1).optional(),
  defaultRole: memberRoleOrGuest.optional(),
};

export const listSamlProvidersQuery = listQuery;

/** Only `label` is required (the spec's); a provider lacking entityID, certificate or ssoURL is `pending`. */
export const createSamlProviderBody = z.strictObject(providerFields);
export type CreateSamlProviderInput = z.infer<typeof createSamlProviderBody>;

/** `defaultTeam: null` stops adding people to a team (Folio's: GitBook's spec has no value for "no team"). */
export const updateSamlProviderBody = z
  .strictObject({ ...providerFields, label: samlProviderLabel.optional(), defaultTeam: z.string().min(1).nullable().optional() })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of label, entityID, certificate, ssoURL, defaultTeam, defaultRole');
export type UpdateSamlProviderInput = z.infer<typeof updateSamlProviderBody>;

/** The browser trades the one-time code the ACS redirect carried for an API token (POST /sso/exchange). */
export const ssoExchangeBody = z.strictObject({ code: z.string().min(1).max(200) });
