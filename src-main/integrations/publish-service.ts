import { roleAtLeast } from '../../src-shared/roles';
import type { ListIntegrationsQuery, PublishIntegrationInput } from '../../src-shared/schemas/integrations';
import { isoNow, type ServiceContext } from '../app/context';
import { conflict, notFound } from '../errors';
import { requireMembership } from '../orgs/access';
import { inTransaction } from '../store/database';
import {
  deleteInstallationsOf,
  deleteIntegrationRow,
  getIntegration,
  type IntegrationRow,
  listVisibleIntegrations,
  pruneIntegrationAssets,
  putIntegrationAsset,
  upsertIntegration,
} from '../store/integrations';
import { requireIntegration, requirePublisher } from './access';
import { type IntegrationFile, imageFile, scriptFile } from './files';

/** A policy given as directives becomes one header value ("default-src 'self'; img-src *"). */
function policyHeader(policy: PublishIntegrationInput['contentSecurityPolicy']): string | null {
  if (policy === undefined || policy === null) return null;
  if (typeof policy === 'string') return policy;
  return Object.entries(policy)
    .map(([directive, value]) => `${directive} ${value}`.trim())
    .join('; ');
}

/**
 * Publishes an integration: the first publication of a name makes it the publishing organization's; later
 * ones (by that organization's admins) replace every field and bump `version`. Secrets left out are kept.
 * Another organization publishing a taken name is a 409: names are global, like GitBook's.
 */
export function publishIntegration(ctx: ServiceContext, name: string, input: PublishIntegrationInput): IntegrationRow {
  return inTransaction(ctx.db, () => {
    const { org } = requirePublisher(ctx, input.organization);
    const existing = getIntegration(ctx.db, name);
    if (existing && existing.organization_id !== org.id) {
      throw conflict(`integrationName: "${name}" is already published by another organization; choose another name`);
    }
    const icon = input.icon !== undefined ? imageFile(input.icon, 'icon') : undefined;
    const previews = (input.previewImages ?? []).map((image, i) => imageFile(image, `previewImages.${i}`));
    const script = scriptFile(input.script);
    const row = upsertIntegration(
      ctx.db,
      {
        name,
        organization_id: org.id,
        version: (existing?.version ?? 0) + 1,
        runtime: input.runtime,
        title: input.title,
        description: input.description,
        summary: input.summary ?? null,
        visibility: input.visibility ?? existing?.visibility ?? 'private',
        target: input.target ?? 'all',
        scopes: JSON.stringify(input.scopes),
        categories: JSON.stringify(input.categories ?? []),
        blocks: JSON.stringify(input.blocks ?? []),
        content_sources: JSON.stringify(input.contentSources ?? []),
        external_links: JSON.stringify(input.externalLinks ?? []),
        configurations: input.configurations ? JSON.stringify(input.configurations) : null,
        content_security_policy: policyHeader(input.contentSecurityPolicy),
        secrets: input.secrets ? JSON.stringify(input.secrets) : (existing?.secrets ?? null),
        icon: icon?.hash ?? null,
        preview_images: JSON.stringify(previews.map((p) => p.hash)),
        script: script.hash,
      },
      isoNow(ctx.clock),
    );
    const files: IntegrationFile[] = [script, ...previews, ...(icon ? [icon] : [])];
    for (const file of files) {
      putIntegrationAsset(ctx.db, {
        organizationId: org.id,
        integration_name: name,
        hash: file.hash,
        content_type: file.contentType,
        data: file.data,
        now: isoNow(ctx.clock),
      });
    }
    pruneIntegrationAssets(ctx.db, name, files.map((f) => f.hash));
    return row;
  });
}

/** Unpublishes: the integration, its files and every installation of it go. */
export function unpublishIntegration(ctx: ServiceContext, name: string): void {
  inTransaction(ctx.db, () => {
    const row = requireIntegration(ctx, name, 'unpublish it');
    deleteInstallationsOf(ctx.db, row.name);
    deleteIntegrationRow(ctx.db, row.name);
  });
}

export function getIntegrationForCaller(ctx: ServiceContext, name: string): IntegrationRow {
  return requireIntegration(ctx, name);
}

/** Public integrations and those of the caller's organizations (unlisted ones of others are left out). */
export function listIntegrationsForCaller(ctx: ServiceContext, query: ListIntegrationsQuery) {
  const { page, limit, ...filters } = query;
  return listVisibleIntegrations(ctx.db, ctx.user.id, filters, { page, limit });
}

/** GET /v1/orgs/{organizationId}/integrations: public integrations and the organization's own, for its members. */
export function listOrganizationIntegrations(ctx: ServiceContext, organizationId: string, query: ListIntegrationsQuery) {
  const membership = requireMembership(ctx, organizationId);
  if (!roleAtLeast(membership.role, 'read')) throw notFound(`Organization "${organizationId}" not found`);
  const { page, limit, ...filters } = query;
  return listVisibleIntegrations(ctx.db, ctx.user.id, filters, { page, limit }, membership.org.id);
}
