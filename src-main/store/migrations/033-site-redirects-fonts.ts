import type { Migration } from '../migrations';
import { type SyncedTableV1, syncTriggersSql } from './sync-triggers-v1';

// The columns as src-main/store/synced-datasets.ts lists them for this release, written out here so the migration
// never changes with the live list.
const SITE_REDIRECTS_033: SyncedTableV1 = {
  table: 'site_redirects',
  key: ['id'],
  columns: ['organization_id', 'site_id', 'source', 'draft', 'capture_wildcard', 'permanent', 'destination', 'created_at', 'updated_at'],
  organization: 'R.organization_id',
};
const SITE_EXTERNAL_LINKS_033: SyncedTableV1 = {
  table: 'site_external_links',
  key: ['id'],
  columns: ['organization_id', 'site_id', 'title', 'description', 'icon', 'url', 'section_group_id', 'draft', 'condition', 'position', 'created_at', 'updated_at'],
  organization: 'R.organization_id',
};
const CUSTOM_FONTS_033: SyncedTableV1 = {
  table: 'custom_fonts',
  key: ['id'],
  columns: ['organization_id', 'font_family', 'font_faces', 'created_at', 'updated_at'],
  organization: 'R.organization_id',
};

// Issue 19, sites:
// - `site_redirects`: a site's own redirects (GitBook's SiteRedirect), site configuration like its sections,
//   so they sync and a workstation's copy of the site answers them too. `destination` is the API's
//   SiteRedirectDestination as JSON (one field: it is replaced whole). One live and one draft redirect per
//   source is /v1's rule; no UNIQUE constraint, so two workstations adding one offline never make sync refuse a
//   change (the oldest answers, as for hostnames).
// - `site_external_links`: links to other websites in the site's navigation (GitBook's SiteExternalLink), at
//   the site's top level or in a section group.
// - `custom_fonts`: an organization's fonts (GitBook's CustomizationFontDefinition), settings of the
//   organization that its sites name in their customization: synced, a workstation renders its sites with them.
//   `font_faces` is JSON [{weight, storageKey}].
// - `custom_hostname_checks`: the last DNS check of a custom hostname made by THIS replica (what its resolver
//   answered is its own view): not synced.
export const siteRedirectsFonts033: Migration = {
  version: 33,
  name: 'site redirects, external links, custom fonts, hostname checks',
  sql: `
CREATE TABLE site_redirects (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  draft INTEGER NOT NULL DEFAULT 0,
  capture_wildcard INTEGER NOT NULL DEFAULT 0,
  permanent INTEGER NOT NULL DEFAULT 0,
  destination TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT
);
CREATE INDEX site_redirects_source ON site_redirects(site_id, source, draft);

CREATE TABLE site_external_links (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT,
  icon TEXT,
  url TEXT NOT NULL,
  section_group_id TEXT,
  draft INTEGER NOT NULL DEFAULT 0,
  condition TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX site_external_links_site ON site_external_links(site_id, position);

CREATE TABLE custom_fonts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  font_family TEXT NOT NULL,
  font_faces TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX custom_fonts_organization ON custom_fonts(organization_id, seq);

CREATE TABLE custom_hostname_checks (
  hostname TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  checked_at TEXT NOT NULL
);

${syncTriggersSql(SITE_REDIRECTS_033)}
${syncTriggersSql(SITE_EXTERNAL_LINKS_033)}
${syncTriggersSql(CUSTOM_FONTS_033)}
`,
};
