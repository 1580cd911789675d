import { collectionPermissions, spacePermissions } from '../../src-shared/access';
import { type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { getCollection } from '../store/collections';
import { siteOfSiteRow } from '../store/content-permissions';
import { collectionRoleFor, siteRoleFor, spaceRoleFor } from '../permissions/content-role';
import { contentPermissionRefusal } from '../permissions/sync-rules';
import { getMember } from '../store/members';
import { openAPIRowOrganization } from '../store/openapi-specs';
import { OPENAPI_WRITE_ROLE } from '../openapi/access';
import { samlProviderOrganization } from '../store/saml';
import { getSite, siteRowOrganization } from '../store/sites';
import { SITE_ADMIN_ROLE } from '../sites/access';
import { SAML_ADMIN_ROLE } from '../saml/access';
import { getSpace } from '../store/spaces';
import { changeRequestSpace, commentSpace, organizationExists, postedRow, teamOrganization } from '../store/sync-scope';
import { type FieldChange, latestValues } from '../store/sync-changes';
import { DELETED_COLUMN } from '../store/synced-datasets';
import { mergeRulesRefusal, reviewRefusal } from './review-rules';
import { integrationRefusal } from '../integrations/sync-rules';
import { translationRefusal } from '../translations/sync-rules';
import { glossaryRefusal } from '../translations-glossary/sync-rules';

/** The values a push carries for each row, so a new row's organization or space can be known. */
export type BatchValues = Map<string, Map<string, unknown>>;

export function batchValues(changes: readonly FieldChange[]): BatchValues {
  const rows: BatchValues = new Map();
  for (const change of changes) {
    const key = `${change.dataset}\u0000${change.rowKey}`;
    const row = rows.get(key) ?? new Map<string, unknown>();
    row.set(change.column, change.value === null ? null : JSON.parse(change.value));
    rows.set(key, row);
  }
  return rows;
}

/**
 * Whether the pushing user may make this change on the server, in the words of the refusal when not
 * (docs/sync.md: the server is the authority on access). The rules are the API's: a space's settings need
 * its admin role, content and change requests edit, comments the comment role and their author for edits.
 */
export function refusalOf(ctx: ServiceContext, change: FieldChange, batch: BatchValues): string | undefined {
  const key = JSON.parse(change.rowKey) as string[];
  const value = (column: string) => {
    const row = batch.get(`${change.dataset}\u0000${change.rowKey}`);
    if (row?.has(column)) return row.get(column);
    // A new row whose first fields came in an earlier push (a batch boundary fell inside it): the server
    // recorded them, though the row waits for the rest before it exists.
    const recorded = latestValues(ctx.db, change.dataset, change.rowKey).get(column);
    return typeof recorded === 'string' ? JSON.parse(recorded) : undefined;
  };
  const orgRole = (organizationId: unknown): MemberRoleOrGuest | undefined =>
    typeof organizationId === 'string' ? getMember(ctx.db, organizationId, ctx.user.id)?.role : undefined;
  const spaceRoleOf = (spaceId: unknown): MemberRoleOrGuest | undefined => {
    const space = typeof spaceId === 'string' ? getSpace(ctx.db, spaceId) : undefined;
    // The same role /v1 computes (invitations included): permissions/content-role.ts.
    return space ? spaceRoleFor(ctx.db, ctx.user.id, space) : undefined;
  };
  const need = (ok: boolean, what: string) => (ok ? undefined : `You need ${what}`);

  switch (change.dataset) {
    case 'organizations':
      return organizationExists(ctx.db, key[0]!)
        ? need(orgRole(key[0]) === 'admin', 'the admin role in this organization to change its settings')
        : 'Organizations are created on the server (POST /v1/orgs); this one stays on the workstation';
    case 'users':
      return need(key[0] === ctx.user.id, "to be this user to change their profile (other people's profiles change on their own accounts)");
    case 'members':
      return need(orgRole(key[0]) === 'admin', 'the admin role in this organization to change its members');
    case 'teams':
      return need(orgRole(teamOrganization(ctx.db, key[0]!) ?? value('organization_id')) === 'admin', 'the admin role in this organization to change its teams');
    case 'team_members':
      return need(orgRole(teamOrganization(ctx.db, key[0]!)) === 'admin', 'the admin role in this organization to change team members');
    case 'collections': {
      const existing = getCollection(ctx.db, key[0]!);
      if (!existing) return need(roleAtLeast(orgRole(value('organization_id')), 'create'), 'the "create" role in this organization to add collections');
      return need(collectionPermissions(collectionRoleFor(ctx.db, ctx.user.id, existing)).admin, 'the admin role on this collection to change it');
    }
    case 'spaces': {
      const existing = getSpace(ctx.db, key[0]!);
      if (!existing) return need(roleAtLeast(orgRole(value('organization_id')), 'create'), 'the "create" role in this organization to add spaces');
      return need(spacePermissions(spaceRoleOf(existing.id)).admin, 'the admin role on this space to change its settings');
    }
    case 'change_requests': {
      const permissions = spacePermissions(spaceRoleOf(changeRequestSpace(ctx.db, key[0]!) ?? value('space_id')));
      if (change.column === 'status' && value('status') === 'merged') {
        return need(permissions.merge, 'the "review" role on this space to merge') ?? mergeRulesRefusal(ctx, key[0]!, value, batch);
      }
      return need(permissions.edit, 'the "edit" role on this space to change its change requests');
    }
    case 'comments':
    case 'comment_replies':
      return commentRefusal(ctx, change, key[0]!, value, spaceRoleOf);
    case 'sites':
    case 'site_spaces':
    case 'site_sections':
    case 'site_section_groups':
    case 'site_share_links':
    case 'site_redirects':
    case 'site_external_links':
    case 'custom_fonts': {
      // As /v1 (sites/access.ts): the organization's admins make and change sites and everything in them
      // (custom fonts are the organization's settings its sites use: admins' too).
      const existing = siteRowOrganization(ctx.db, change.dataset, key[0]!);
      // An existing site and what is in it change with the admin role on the site: the organization's, or one
      // invited on the site (permissions/content-role.ts).
      const siteId = siteOfSiteRow(ctx.db, change.dataset, key[0]!) ?? (change.dataset === 'custom_fonts' ? undefined : value('site_id'));
      const site = typeof siteId === 'string' ? getSite(ctx.db, siteId) : undefined;
      if (site) return need(siteRoleFor(ctx.db, ctx.user.id, site) === SITE_ADMIN_ROLE, 'the admin role in this organization or on this site to change it');
      return need(orgRole(existing ?? value('organization_id')) === SITE_ADMIN_ROLE, 'the admin role in this organization to change its sites');
    }
    case 'site_insight_events': {
      // Page views a member's preview recorded: recorded once, never edited; they go with their site.
      const organizationId = siteRowOrganization(ctx.db, change.dataset, key[0]!) ?? value('organization_id');
      if (change.column === DELETED_COLUMN) return need(orgRole(organizationId) === SITE_ADMIN_ROLE, 'the admin role in this organization to delete insights');
      if (siteRowOrganization(ctx.db, change.dataset, key[0]!) !== undefined) return 'Insight events are recorded once and never change';
      return need(roleAtLeast(orgRole(organizationId), 'read'), 'to be a member of this organization to record insights');
    }
    case 'openapi_specs':
    case 'openapi_spec_versions': {
      // As /v1 (openapi/access.ts): the "create" role adds, updates and deletes specs; processing results
      // (a spec's state and its versions) come from the replica of someone who may write them.
      const organizationId = openAPIRowOrganization(ctx.db, change.dataset, key[0]!) ?? value('organization_id');
      return need(roleAtLeast(orgRole(organizationId), OPENAPI_WRITE_ROLE), `the "${OPENAPI_WRITE_ROLE}" role in this organization to change its OpenAPI specifications`);
    }
    case 'saml_providers':
      // As /v1 (saml/access.ts): the organization's admins manage its SAML providers.
      return need(
        orgRole(samlProviderOrganization(ctx.db, key[0]!) ?? value('organization_id')) === SAML_ADMIN_ROLE,
        'the admin role in this organization to change its SAML providers',
      );
    case 'translations':
      return translationRefusal(ctx, key, value, orgRole);
    case 'translation_glossary_entries':
      return glossaryRefusal(ctx, key, value, orgRole);
    case 'integrations':
    case 'integration_assets':
    case 'integration_installations':
    case 'integration_space_installations':
    case 'integration_site_installations':
      return integrationRefusal(ctx, change, key, value, orgRole, spaceRoleOf);
    case 'space_redirects':
      // As an import that writes them: the "edit" role on the space.
      return need(spacePermissions(spaceRoleOf(key[0])).edit, 'the "edit" role on this space to change its redirects');
    case 'content_permissions':
      return contentPermissionRefusal(ctx, key, value);
    case 'change_request_reviews':
    case 'change_request_requested_reviewers':
    case 'change_request_descriptions':
      return reviewRefusal(ctx, change, key, value, batch, spaceRoleOf);
    case 'space_merge_rules':
      return need(spacePermissions(spaceRoleOf(key[0])).admin, 'the admin role on this space to change its merge rules');
    case 'organization_merge_rules':
      return need(orgRole(key[0]) === 'admin', 'the admin role in this organization to change its merge rules');
    case 'comment_reactions':
      return key[3] === ctx.user.id ? undefined : 'Reactions are added and removed by the person reacting';
    default:
      return `"${change.dataset}" does not sync`;
  }
}

/** Anyone who may comment may post and resolve; only the author edits or deletes (as in /v1). */
function commentRefusal(
  ctx: ServiceContext,
  change: FieldChange,
  id: string,
  value: (column: string) => unknown,
  spaceRoleOf: (spaceId: unknown) => MemberRoleOrGuest | undefined,
): string | undefined {
  const table = change.dataset === 'comments' ? 'comments' : 'comment_replies';
  const existing = postedRow(ctx.db, table, id);
  const spaceId = existing?.space_id ?? (table === 'comments' ? value('space_id') : commentSpace(ctx.db, value('comment_id')));
  if (!spacePermissions(spaceRoleOf(spaceId)).comment) return 'You need the "comment" role on this space to comment';
  if (!existing) return value('posted_by') === ctx.user.id ? undefined : 'A comment is posted by its author';
  if (change.column === 'resolved_at' || change.column === 'resolved_by') return undefined;
  if (existing.posted_by !== ctx.user.id) {
    return change.column === DELETED_COLUMN ? 'Only its author deletes a comment' : 'Only its author edits a comment';
  }
  return undefined;
}
