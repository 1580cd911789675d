import type { SyncedTableV1 } from './sync-triggers-v1';

/**
 * The synced tables and their columns as src-main/store/synced-datasets.ts listed them when migration 022 was
 * released. FROZEN: migrations 013 and 015–022 once read the live list, so on a new database each of them
 * made its triggers from this list (even for columns a later migration adds: a trigger's body is resolved
 * when it fires, and 017 and 022 make the sites triggers again once their columns exist). They keep doing
 * exactly that, whatever the live list becomes. A later change to a dataset's columns comes with a
 * migration that declares its own copy of that table's columns and drops and recreates its triggers.
 */
const spaceOrg = (column: string) => `(SELECT organization_id FROM spaces WHERE id = R.${column})`;
const commentOrg = `(SELECT s.organization_id FROM comments c JOIN spaces s ON s.id = c.space_id WHERE c.id = R.comment_id)`;

export const SYNCED_TABLES_022: readonly SyncedTableV1[] = [
  {
    table: 'organizations',
    key: ['id'],
    columns: ['title', 'created_at', 'email_domains', 'hostname', 'type', 'default_role', 'default_content', 'logo', 'sso', 'ai', 'invite_links', 'plan'],
    organization: 'R.id',
  },
  { table: 'users', key: ['id'], columns: ['email', 'display_name', 'photo_url', 'created_at'], organization: 'NULL' },
  { table: 'members', key: ['organization_id', 'user_id'], columns: ['role', 'disabled', 'sso', 'joined_at'], organization: 'R.organization_id' },
  { table: 'teams', key: ['id'], columns: ['organization_id', 'title', 'created_at'], organization: 'R.organization_id' },
  {
    table: 'team_members',
    key: ['team_id', 'user_id'],
    columns: ['role', 'added_at'],
    organization: `(SELECT organization_id FROM teams WHERE id = R.team_id)`,
  },
  {
    table: 'collections',
    key: ['id'],
    columns: ['organization_id', 'parent_id', 'title', 'description', 'default_level', 'position', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'spaces',
    key: ['id'],
    columns: [
      'organization_id', 'parent_id', 'title', 'emoji', 'visibility', 'edit_mode', 'default_level', 'position',
      'share_key', 'created_at', 'deleted_at', 'deleted_by',
    ],
    organization: 'R.organization_id',
  },
  {
    table: 'change_requests',
    key: ['id'],
    columns: ['space_id', 'number', 'subject', 'status', 'created_by', 'created_at', 'updated_at'],
    organization: spaceOrg('space_id'),
  },
  {
    table: 'comments',
    key: ['id'],
    columns: [
      'space_id', 'change_request_id', 'posted_by', 'posted_at', 'edited_at', 'markdown', 'page_id', 'page_snapshot',
      'node_id', 'table_cell', 'resolved_at', 'resolved_by',
    ],
    organization: spaceOrg('space_id'),
  },
  {
    table: 'comment_replies',
    key: ['id'],
    columns: ['comment_id', 'posted_by', 'posted_at', 'edited_at', 'markdown'],
    organization: commentOrg,
  },
  { table: 'comment_reactions', key: ['comment_id', 'reply_id', 'emoji', 'user_id'], columns: ['reacted_at'], organization: commentOrg },
  {
    table: 'sites',
    key: ['id'],
    columns: [
      'organization_id', 'type', 'title', 'visibility', 'published', 'basename', 'proxy_origin', 'adaptive_content',
      'agents_context', 'default_site_space_id', 'created_at', 'updated_at',
      // Migration 017:
      'default_site_section_id', 'visitor_auth_key', 'visitor_auth_fallback_url', 'adaptive_schema', 'adaptive_schema_updated_at',
      'customization',
      // Migration 022:
      'hostname',
    ],
    organization: 'R.organization_id',
    adminOnly: ['visitor_auth_key'],
  },
  {
    table: 'site_spaces',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'space_id', 'path', 'condition', 'created_at', 'section_id', 'position', 'customization'],
    organization: 'R.organization_id',
  },
  {
    table: 'site_section_groups',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'title', 'icon', 'position', 'created_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'site_sections',
    key: ['id'],
    columns: [
      'organization_id', 'site_id', 'title', 'description', 'path', 'condition', 'icon', 'section_group_id',
      'default_site_space_id', 'position', 'created_at',
    ],
    organization: 'R.organization_id',
  },
  {
    table: 'site_share_links',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'name', 'key', 'active', 'created_at'],
    organization: 'R.organization_id',
    adminOnly: 'row',
  },
  { table: 'site_insight_events', key: ['id'], columns: ['organization_id', 'site_id', 'record'], organization: 'R.organization_id' },
  {
    table: 'translations',
    key: ['id'],
    columns: ['organization_id', 'title', 'source_space_id', 'source_language', 'language', 'instructions', 'status', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'integrations',
    key: ['name'],
    columns: [
      'organization_id', 'version', 'runtime', 'title', 'description', 'summary', 'visibility', 'target', 'scopes',
      'categories', 'blocks', 'content_sources', 'external_links', 'configurations', 'content_security_policy',
      'secrets', 'icon', 'preview_images', 'script', 'created_at', 'updated_at',
    ],
    organization: 'R.organization_id',
    adminOnly: ['secrets'],
  },
  {
    table: 'integration_assets',
    key: ['integration_name', 'hash'],
    columns: ['organization_id', 'content_type', 'data', 'created_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'integration_installations',
    key: ['id'],
    columns: ['integration_name', 'organization_id', 'status', 'space_selection', 'site_selection', 'configuration', 'external_ids', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'integration_space_installations',
    key: ['installation_id', 'space_id'],
    columns: ['organization_id', 'integration_name', 'status', 'configuration', 'external_ids', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'openapi_specs',
    key: ['id'],
    columns: [
      'organization_id', 'slug', 'source_url', 'source_text', 'visibility', 'processing_state', 'last_version_id',
      'last_processed_at', 'last_process_error_code', 'created_at', 'updated_at',
    ],
    organization: 'R.organization_id',
  },
  {
    table: 'openapi_spec_versions',
    key: ['id'],
    columns: ['organization_id', 'spec_id', 'source_url', 'content', 'created_at'],
    organization: 'R.organization_id',
  },
  {
    table: 'saml_providers',
    key: ['id'],
    columns: ['organization_id', 'label', 'entity_id', 'sso_url', 'certificate', 'default_team_id', 'default_role', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
  },
];

/** A table of the frozen list, by name. */
export function syncedTableAt022(table: string): SyncedTableV1 {
  const found = SYNCED_TABLES_022.find((dataset) => dataset.table === table);
  if (!found) throw new Error(`no synced table ${table} at migration 022`);
  return found;
}
