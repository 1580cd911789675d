/**
 * The rows that sync as versioned field changes (docs/sync.md), one entry per table: how a row is named
 * across replicas (`key`), which columns travel (`columns`; the others are derived on each replica, like a
 * space's current revision), and the organization a row belongs to (`organization`, an SQL expression over
 * the row as `R`), which decides where its changes go and who may see them.
 *
 * Content (page trees and bodies) is not here: it syncs as Yjs documents.
 */
export interface Dataset {
  table: string;
  key: readonly string[];
  columns: readonly string[];
  /** SQL over the row, aliased `R` (NEW or OLD in a trigger), giving its organization id. */
  organization: string;
  /**
   * The migration that created the table and its triggers, when later than the one that started sync (13):
   * migration 013 makes triggers only for the tables that existed then.
   */
  since?: number;
  /**
   * Secrets the API shows to the organization's admins only (a site's visitor key, its share links): the
   * server sends them to admins' workstations only, the whole row (`'row'`) or these columns (docs/sync.md,
   * "Secrets").
   */
  adminOnly?: 'row' | readonly string[];
  /**
   * Secret columns kept sealed at rest with this replica's own key (secrets/sealing.ts), in the row and in the
   * change log: sync unseals them into the batches it sends and seals what it receives (sync/sealed-changes.ts).
   * Not part of the triggers' SQL.
   */
  sealed?: readonly string[];
}

const spaceOrg = (column: string) => `(SELECT organization_id FROM spaces WHERE id = R.${column})`;
const changeRequestOrg = `(SELECT s.organization_id FROM change_requests c JOIN spaces s ON s.id = c.space_id WHERE c.id = R.change_request_id)`;
const commentOrg = `(SELECT s.organization_id FROM comments c JOIN spaces s ON s.id = c.space_id WHERE c.id = R.comment_id)`;

export const DATASETS: readonly Dataset[] = [
  {
    table: 'organizations',
    key: ['id'],
    columns: ['title', 'created_at', 'email_domains', 'hostname', 'type', 'default_role', 'default_content', 'logo', 'sso', 'ai', 'invite_links', 'plan'],
    organization: 'R.id',
  },
  {
    // A profile belongs to no one organization: it travels with the memberships that name it (sync/server-service.ts).
    table: 'users',
    key: ['id'],
    columns: ['email', 'display_name', 'photo_url', 'created_at'],
    organization: 'NULL',
  },
  {
    table: 'members',
    key: ['organization_id', 'user_id'],
    columns: ['role', 'disabled', 'sso', 'joined_at'],
    organization: 'R.organization_id',
  },
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
      'organization_id',
      'parent_id',
      'title',
      'emoji',
      'visibility',
      'edit_mode',
      'default_level',
      'position',
      'share_key',
      'created_at',
      'deleted_at',
      'deleted_by',
    ],
    // Not `updated_at`: each replica's own revisions move it (migration 015).
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
      'space_id',
      'change_request_id',
      'posted_by',
      'posted_at',
      'edited_at',
      'markdown',
      'page_id',
      'page_snapshot',
      'node_id',
      'table_cell',
      'resolved_at',
      'resolved_by',
      // Migration 026: comments anchored to text.
      'anchor_start',
      'anchor_end',
      'anchor_quote',
    ],
    organization: spaceOrg('space_id'),
  },
  {
    table: 'comment_replies',
    key: ['id'],
    columns: ['comment_id', 'posted_by', 'posted_at', 'edited_at', 'markdown'],
    organization: commentOrg,
  },
  {
    table: 'comment_reactions',
    key: ['comment_id', 'reply_id', 'emoji', 'user_id'],
    columns: ['reacted_at'],
    organization: commentOrg,
  },
  {
    table: 'sites',
    key: ['id'],
    columns: [
      'organization_id',
      'type',
      'title',
      'visibility',
      'published',
      'basename',
      'proxy_origin',
      'adaptive_content',
      'agents_context',
      'default_site_space_id',
      'created_at',
      'updated_at',
      // Migration 017:
      'default_site_section_id',
      'visitor_auth_key',
      'visitor_auth_fallback_url',
      'adaptive_schema',
      'adaptive_schema_updated_at',
      'customization',
      // Migration 022:
      'hostname',
    ],
    organization: 'R.organization_id',
    since: 16,
    adminOnly: ['visitor_auth_key'],
    sealed: ['visitor_auth_key'],
  },
  {
    table: 'site_spaces',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'space_id', 'path', 'condition', 'created_at', 'section_id', 'position', 'customization'],
    organization: 'R.organization_id',
    since: 16,
  },
  {
    table: 'site_section_groups',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'title', 'icon', 'position', 'created_at'],
    organization: 'R.organization_id',
    since: 17,
  },
  {
    table: 'site_sections',
    key: ['id'],
    columns: [
      'organization_id',
      'site_id',
      'title',
      'description',
      'path',
      'condition',
      'icon',
      'section_group_id',
      'default_site_space_id',
      'position',
      'created_at',
    ],
    organization: 'R.organization_id',
    since: 17,
  },
  {
    table: 'site_share_links',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'name', 'key', 'active', 'created_at'],
    organization: 'R.organization_id',
    since: 17,
    adminOnly: 'row',
    sealed: ['key'],
  },
  {
    // Append-only: an event never changes once recorded, so it travels whole as one field (migration 017).
    table: 'site_insight_events',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'record'],
    organization: 'R.organization_id',
    since: 17,
  },
  {
    // Translations (issue 9, migration 021): organization data, changed by its admins.
    table: 'translations',
    key: ['id'],
    columns: ['organization_id', 'title', 'source_space_id', 'source_language', 'language', 'instructions', 'status', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 21,
  },
  {
    // The translation glossary (migration 039): organization data beside its translations, changed by its admins.
    table: 'translation_glossary_entries',
    key: ['id'],
    columns: ['organization_id', 'translations', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 39,
  },
  {
    // A published integration, named by its unique name, belongs to the organization that published it; its
    // secrets are never shown by the API and go to that organization's admins only.
    table: 'integrations',
    key: ['name'],
    columns: [
      'organization_id',
      'version',
      'runtime',
      'title',
      'description',
      'summary',
      'visibility',
      'target',
      'scopes',
      'categories',
      'blocks',
      'content_sources',
      'external_links',
      'configurations',
      'content_security_policy',
      'secrets',
      'icon',
      'preview_images',
      'script',
      'created_at',
      'updated_at',
    ],
    organization: 'R.organization_id',
    since: 21,
    adminOnly: ['secrets'],
    sealed: ['secrets'],
  },
  {
    // An integration's files (icon, preview images, script) as base64, by hash: each travels once.
    table: 'integration_assets',
    key: ['integration_name', 'hash'],
    columns: ['organization_id', 'content_type', 'data', 'created_at'],
    organization: 'R.organization_id',
    since: 21,
  },
  {
    // Installations belong to the installing organization (the integration may be another's).
    table: 'integration_installations',
    key: ['id'],
    columns: ['integration_name', 'organization_id', 'status', 'space_selection', 'site_selection', 'configuration', 'external_ids', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 21,
  },
  {
    table: 'integration_space_installations',
    key: ['installation_id', 'space_id'],
    columns: ['organization_id', 'integration_name', 'status', 'configuration', 'external_ids', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 21,
  },
  {
    // Integrations installed on one site (migration 036), as on spaces above: with the installing organization.
    table: 'integration_site_installations',
    key: ['installation_id', 'site_id'],
    columns: ['organization_id', 'integration_name', 'status', 'configuration', 'external_ids', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 36,
  },
  {
    // OpenAPI specifications (migration 019) sync like any data, processing results included: the replica
    // where a spec is created or updated (the server, or a workstation offline) processes it and its state,
    // error code and new version travel from there; a replica that receives a spec left unfinished
    // processes it at its next start (openapi/jobs.ts). `generation` is each replica's own.
    table: 'openapi_specs',
    key: ['id'],
    columns: [
      'organization_id',
      'slug',
      'source_url',
      'source_text',
      'visibility',
      'processing_state',
      'last_version_id',
      'last_processed_at',
      'last_process_error_code',
      'created_at',
      'updated_at',
    ],
    organization: 'R.organization_id',
    since: 19,
  },
  {
    // A processed version never changes once written.
    table: 'openapi_spec_versions',
    key: ['id'],
    columns: ['organization_id', 'spec_id', 'source_url', 'content', 'created_at'],
    organization: 'R.organization_id',
    since: 19,
  },
  {
    // SAML providers (migration 020); their pending requests and login codes are each replica's own.
    table: 'saml_providers',
    key: ['id'],
    columns: ['organization_id', 'label', 'entity_id', 'sso_url', 'certificate', 'default_team_id', 'default_role', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 20,
  },
  {
    // Redirects of a space's published pages (migration 024), named by space and old address: the space's
    // content, changed by those who may edit it.
    table: 'space_redirects',
    key: ['space_id', 'source'],
    columns: ['page_id', 'target_path', 'created_at', 'updated_at'],
    organization: spaceOrg('space_id'),
    since: 24,
  },
  {
    // Roles invited on a space, a collection or a site for a user or a team (migration 031): a workstation
    // computes roles offline, so it needs them; only an admin of the object changes them (sync/authorize.ts).
    table: 'content_permissions',
    key: ['object_kind', 'object_id', 'principal_kind', 'principal_id'],
    columns: ['organization_id', 'role', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 31,
  },
  {
    // A site's own redirects and external navigation links (migration 033): site configuration, changed by the
    // organization's admins like its sections.
    table: 'site_redirects',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'source', 'draft', 'capture_wildcard', 'permanent', 'destination', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 33,
  },
  {
    table: 'site_external_links',
    key: ['id'],
    columns: ['organization_id', 'site_id', 'title', 'description', 'icon', 'url', 'section_group_id', 'draft', 'condition', 'position', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 33,
  },
  {
    // An organization's custom fonts (migration 033): settings its sites name, so a workstation renders them too.
    table: 'custom_fonts',
    key: ['id'],
    columns: ['organization_id', 'font_family', 'font_faces', 'created_at', 'updated_at'],
    organization: 'R.organization_id',
    since: 33,
  },
  // Reviews, requested reviewers, descriptions and merge rules (migration 032): a writer reviews and merges offline. Who may
  // write them: sync/review-rules.ts.
  {
    table: 'change_request_reviews',
    key: ['id'],
    columns: ['change_request_id', 'reviewer_id', 'status', 'revision_id', 'comment_id', 'requested_by', 'created_at', 'updated_at'],
    organization: changeRequestOrg,
    since: 32,
  },
  {
    table: 'change_request_requested_reviewers',
    key: ['change_request_id', 'user_id'],
    columns: ['requested_by', 'revision_id', 'created_at'],
    organization: changeRequestOrg,
    since: 32,
  },
  { table: 'change_request_descriptions', key: ['change_request_id'], columns: ['document', 'updated_at'], organization: changeRequestOrg, since: 32 },
  { table: 'space_merge_rules', key: ['space_id'], columns: ['config', 'updated_at'], organization: spaceOrg('space_id'), since: 32 },
  { table: 'organization_merge_rules', key: ['organization_id'], columns: ['config', 'updated_at'], organization: 'R.organization_id', since: 32 },
];

/** The column a delete is recorded under. */
export const DELETED_COLUMN = '_deleted';

export function datasetOf(table: string): Dataset | undefined {
  return DATASETS.find((dataset) => dataset.table === table);
}

/** Whether a change's value is a secret kept sealed at rest. */
export function isSealedColumn(change: { dataset: string; column: string }): boolean {
  return datasetOf(change.dataset)?.sealed?.includes(change.column) === true;
}

/** Whether a change carries a secret only the organization's admins receive. */
export function isAdminOnly(change: { dataset: string; column: string }): boolean {
  const adminOnly = datasetOf(change.dataset)?.adminOnly;
  return adminOnly === 'row' || (adminOnly !== undefined && adminOnly.includes(change.column));
}
