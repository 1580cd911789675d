import { roleAtLeast } from '../../src-shared/roles';
import type { UpdateInstallationInput, UpdateSpaceInstallationInput } from '../../src-shared/schemas/integrations';
import type { ListQuery } from '../../src-shared/schemas/common';
import { isoNow, type ServiceContext } from '../app/context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { requireOrgRole } from '../orgs/access';
import { requireSpace } from '../spaces/access';
import { inTransaction } from '../store/database';
import {
  deleteInstallationRow,
  deleteSpaceInstallationRow,
  findInstallation,
  getInstallation,
  getSpaceInstallation,
  type InstallationRow,
  insertInstallation,
  insertSpaceInstallation,
  type IntegrationRow,
  listInstallations,
  listSpaceInstallations,
  updateInstallationRow,
} from '../store/integrations';
import { INTEGRATION_ADMIN_ROLE, orgRoleOf, requireIntegration } from './access';
import { recordAuditEvent } from '../audit-events/record';

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** Installs on an organization (its admins do): a private integration only in its own organization, once per organization. */
export function installIntegration(ctx: ServiceContext, name: string, organizationId: string) {
  return inTransaction(ctx.db, () => {
    const integration = requireIntegration(ctx, name);
    const { org } = requireOrgRole(ctx, organizationId, INTEGRATION_ADMIN_ROLE, 'install integrations');
    if (integration.visibility === 'private' && integration.organization_id !== org.id) {
      throw badRequest(`organization: integration "${name}" is private to the organization that published it`);
    }
    const existing = findInstallation(ctx.db, name, org.id);
    if (existing) throw conflict(`organization: integration "${name}" is already installed there (installation ${existing.id})`);
    const installation = insertInstallation(ctx.db, { name, organizationId: org.id, now: isoNow(ctx.clock) });
    recordAuditEvent(ctx, org.id, 'integration.installed', { type: 'integration-installation', id: installation.id, label: name });
    return installation;
  });
}

/**
 * Which installations the caller sees: every one when they are an admin of the integration's organization
 * (GitBook lists them to the integration itself), else those of organizations they are a member of.
 */
export function seesEverything(ctx: ServiceContext, integration: IntegrationRow): boolean {
  return orgRoleOf(ctx, integration.organization_id) === INTEGRATION_ADMIN_ROLE;
}

export function listIntegrationInstallations(ctx: ServiceContext, name: string, query: ListQuery & { externalId?: string }) {
  const integration = requireIntegration(ctx, name);
  const who = { userId: ctx.user.id, everything: seesEverything(ctx, integration) };
  return listInstallations(ctx.db, integration.name, who, query.externalId, { page: query.page, limit: query.limit });
}

/** An installation the caller may see (else 404); with `action`, they must be an admin of the installing organization (else 403). */
export function requireInstallation(ctx: ServiceContext, name: string, installationId: string, action?: string) {
  const integration = requireIntegration(ctx, name);
  const installation = getInstallation(ctx.db, integration.name, installationId);
  const role = installation ? orgRoleOf(ctx, installation.organization_id) : undefined;
  if (!installation || !(seesEverything(ctx, integration) || roleAtLeast(role, 'read'))) {
    throw notFound(`Installation "${installationId}" of integration "${name}" not found`);
  }
  if (action && role !== INTEGRATION_ADMIN_ROLE) {
    throw forbidden(`You need the "${INTEGRATION_ADMIN_ROLE}" role in the organization it is installed in to ${action} (yours: ${role ?? 'none'})`);
  }
  return { integration, installation };
}

export function updateIntegrationInstallation(ctx: ServiceContext, name: string, installationId: string, input: UpdateInstallationInput): InstallationRow {
  return inTransaction(ctx.db, () => {
    const { installation } = requireInstallation(ctx, name, installationId, 'change this installation');
    updateInstallationRow(
      ctx.db,
      'integration_installations',
      { id: installation.id },
      {
        space_selection: input.space_selection,
        site_selection: input.site_selection,
        configuration: json(input.configuration),
        external_ids: json(input.externalIds),
      },
      isoNow(ctx.clock),
    );
    return getInstallation(ctx.db, name, installation.id)!;
  });
}

/** Uninstalls from the organization, and so from every space it was installed on. */
export function uninstallIntegration(ctx: ServiceContext, name: string, installationId: string): void {
  inTransaction(ctx.db, () => {
    const { installation } = requireInstallation(ctx, name, installationId, 'uninstall it');
    deleteInstallationRow(ctx.db, installation.id);
    recordAuditEvent(ctx, installation.organization_id, 'integration.uninstalled', { type: 'integration-installation', id: installation.id, label: name });
  });
}

/** Installs on a space of the installation's organization (the space's admins do), when the integration is made for spaces. */
export function installIntegrationOnSpace(ctx: ServiceContext, name: string, installationId: string, spaceId: string) {
  return inTransaction(ctx.db, () => {
    const { integration, installation } = requireInstallation(ctx, name, installationId);
    const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'install integrations on it' });
    if (space.organization_id !== installation.organization_id) {
      throw badRequest(`space: "${spaceId}" is not in the organization this installation belongs to`);
    }
    if (integration.target !== 'all' && integration.target !== 'space') {
      throw badRequest(`space: integration "${name}" installs on ${integration.target === 'site' ? 'sites' : 'organizations'} only`);
    }
    if (getSpaceInstallation(ctx.db, installation.id, space.id)) {
      throw conflict(`space: integration "${name}" is already installed on this space`);
    }
    return insertSpaceInstallation(ctx.db, { installation, spaceId: space.id, now: isoNow(ctx.clock) });
  });
}

export function listInstallationSpaces(ctx: ServiceContext, name: string, installationId: string, query: ListQuery) {
  const { installation } = requireInstallation(ctx, name, installationId);
  return listSpaceInstallations(ctx.db, installation.id, { page: query.page, limit: query.limit });
}

/** A space installation the caller may see; `action` takes the space's admin role. */
export function requireSpaceInstallation(ctx: ServiceContext, name: string, installationId: string, spaceId: string, action?: string) {
  const { installation } = requireInstallation(ctx, name, installationId);
  const row = getSpaceInstallation(ctx.db, installation.id, spaceId);
  if (!row) throw notFound(`Integration "${name}" is not installed on space "${spaceId}" by this installation`);
  if (action) requireSpace(ctx, spaceId, { required: 'admin', action });
  return row;
}

export function updateSpaceInstallation(ctx: ServiceContext, name: string, installationId: string, spaceId: string, input: UpdateSpaceInstallationInput) {
  return inTransaction(ctx.db, () => {
    const row = requireSpaceInstallation(ctx, name, installationId, spaceId, 'change the integrations installed on it');
    updateInstallationRow(
      ctx.db,
      'integration_space_installations',
      { installation_id: row.installation_id, space_id: row.space_id },
      { configuration: json(input.configuration), external_ids: json(input.externalIds) },
      isoNow(ctx.clock),
    );
    return getSpaceInstallation(ctx.db, row.installation_id, row.space_id)!;
  });
}

export function uninstallFromSpace(ctx: ServiceContext, name: string, installationId: string, spaceId: string): void {
  inTransaction(ctx.db, () => {
    const row = requireSpaceInstallation(ctx, name, installationId, spaceId, 'uninstall integrations from it');
    deleteSpaceInstallationRow(ctx.db, row.installation_id, row.space_id);
  });
}
