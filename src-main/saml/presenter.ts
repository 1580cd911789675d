import type { PresentContext, ServiceContext } from '../app/context';
import type { Membership } from '../orgs/access';
import type { SamlProviderRow } from '../store/saml';
import { getTeam } from '../store/teams';
import { presentTeam } from '../teams/presenter';
import { teamPermissionsFor } from '../teams/service';
import { isProviderActive } from './service';

/**
 * Folio's side of a provider, derived from the address the caller reached us at: what the identity provider is
 * configured with. The SP entity ID is the address of its metadata (a common convention), served there.
 */
export function serviceUrls(providerId: string, baseUrl: string) {
  const base = `${baseUrl}/sso/saml/${encodeURIComponent(providerId)}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

/**
 * A `pending` provider lacks some of its identity provider's settings; the spec requires the fields anyway:
 * a missing entityID or certificate reads "", a missing ssoURL `about:blank` (a URI that names nothing, as the
 * spec's `uri` format needs one).
 */
export const UNSET_SSO_URL = 'about:blank';

export function presentSamlProvider(row: SamlProviderRow, ctx: ServiceContext & PresentContext, membership: Membership) {
  const team = row.default_team_id !== null ? getTeam(ctx.db, row.organization_id, row.default_team_id) : undefined;
  return {
    object: 'saml-provider' as const,
    id: row.id,
    label: row.label,
    ssoURL: row.sso_url ?? UNSET_SSO_URL,
    entityID: row.entity_id ?? '',
    certificate: row.certificate ?? '',
    // A default team deleted since reads as none (logins then add people to no team).
    ...(team ? { defaultTeam: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) } : {}),
    defaultRole: row.default_role,
    createdAt: row.created_at,
    status: isProviderActive(row) ? ('active' as const) : ('pending' as const),
    service: serviceUrls(row.id, ctx.baseUrl),
    urls: { location: `${ctx.baseUrl}/v1/orgs/${row.organization_id}/saml/${row.id}` },
  };
}

/** An entry of GET .../sso. */
export function presentSsoLogin(row: SamlProviderRow, pc: PresentContext) {
  return { id: row.id, label: row.label, startURL: serviceUrls(row.id, pc.baseUrl).startURL };
}
