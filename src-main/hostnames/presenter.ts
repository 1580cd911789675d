import type { PresentContext } from '../app/context';
import type { CustomHostnameCheckRow } from '../store/custom-hostname-checks';
import type { OrganizationRow } from '../store/orgs';
import type { SiteRow } from '../store/sites';

/** GitBook's CustomHostname; `status` only once this replica checked the hostname's DNS. */
export function presentCustomHostname(
  record: { site: SiteRow; hostname: string; active: boolean; check?: CustomHostnameCheckRow },
  pc: PresentContext,
) {
  return {
    object: 'custom-hostname' as const,
    hostname: record.hostname,
    target: { type: 'site' as const, site: record.site.id },
    isActive: record.active,
    ...(record.check ? { status: record.check.status } : {}),
    urls: { location: `${pc.baseUrl}/v1/custom-hostnames/${encodeURIComponent(record.hostname)}` },
  };
}

/** GitBook's Subdomain. */
export function presentSubdomain(org: OrganizationRow, active: boolean) {
  return { object: 'subdomain' as const, subdomain: org.hostname!, target: { type: 'organization' as const, organization: org.id }, isActive: active };
}
