import { spacePermissions } from '../../src-shared/access';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { getIntegration, installationOrganization } from '../store/integrations';
import type { FieldChange } from '../store/sync-changes';
import { INTEGRATION_ADMIN_ROLE } from './access';
import { getSite } from '../store/sites';
import { SITE_ADMIN_ROLE } from '../sites/access';
import { siteRoleFor } from '../permissions/content-role';

type OrgRole = (organizationId: unknown) => MemberRoleOrGuest | undefined;

/**
 * The server's rules for integration changes pushed by a workstation, as /v1's (integrations/access.ts): a
 * published integration and its files are changed by admins of the organization that owns its name (and stay
 * with it), installations by admins of the installing organization, space installations by the space's admins.
 */
export function integrationRefusal(
  ctx: ServiceContext,
  change: FieldChange,
  key: string[],
  value: (column: string) => unknown,
  orgRole: OrgRole,
  spaceRoleOf: (spaceId: unknown) => MemberRoleOrGuest | undefined,
): string | undefined {
  const need = (ok: boolean, what: string) => (ok ? undefined : `You need ${what}`);
  switch (change.dataset) {
    case 'integrations':
    case 'integration_assets': {
      const owner = getIntegration(ctx.db, key[0]!)?.organization_id;
      if (owner !== undefined && change.column === 'organization_id' && value('organization_id') !== owner) {
        return 'An integration stays with the organization that first published its name';
      }
      if (owner !== undefined && change.dataset === 'integration_assets' && value('organization_id') !== undefined && value('organization_id') !== owner) {
        return "An integration's files belong to the organization that published it";
      }
      return need(orgRole(owner ?? value('organization_id')) === INTEGRATION_ADMIN_ROLE, 'the admin role in the organization that publishes this integration');
    }
    case 'integration_installations': {
      const organizationId = installationOrganization(ctx.db, key[0]!) ?? value('organization_id');
      const integration = getIntegration(ctx.db, String(value('integration_name')));
      if (integration?.visibility === 'private' && integration.organization_id !== organizationId) {
        return 'A private integration installs only in the organization that published it';
      }
      return need(orgRole(organizationId) === INTEGRATION_ADMIN_ROLE, 'the admin role in this organization to install integrations');
    }
    case 'integration_space_installations':
      return need(spacePermissions(spaceRoleOf(key[1])).admin, 'the admin role on this space to install integrations on it');
    case 'integration_site_installations': {
      // As /v1 (sites/access.ts): the admin role on the site.
      const site = getSite(ctx.db, key[1]!);
      return need(site !== undefined && siteRoleFor(ctx.db, ctx.user.id, site) === SITE_ADMIN_ROLE, 'the admin role on this site to install integrations on it');
    }
    default:
      return `"${change.dataset}" does not sync`;
  }
}
