import type { Migration } from '../migrations';
import { dropSyncTriggersSql, syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

const sites = syncedTableAt022('sites');
const siteSpaces = syncedTableAt022('site_spaces');
const added = ['site_sections', 'site_section_groups', 'site_share_links', 'site_insight_events'].map(syncedTableAt022);

// The rest of issue 8: sections and their groups, share links, visitor authentication, adaptive content,
// customization and insights. Sites and site spaces gain columns, so their sync triggers are made again
// with the new column lists (on a new database migration 016 already made them from the same frozen lists:
// harmless, nothing writes to sites between the two migrations).
//
// Order: ungrouped sections and groups share `position` at the top of the site; a group's sections use it
// among themselves; a section's site spaces (its variants) and root site spaces order by their own. Positions
// are rewritten 1..n on a move (store/siblings.ts does the same for spaces: short lists).
export const siteStructureAndVisitors017: Migration = {
  version: 17,
  name: 'site sections, groups, share links, visitor auth, adaptive schema, customization, insights',
  sql: `
ALTER TABLE sites ADD COLUMN default_site_section_id TEXT;
ALTER TABLE sites ADD COLUMN visitor_auth_key TEXT;
ALTER TABLE sites ADD COLUMN visitor_auth_fallback_url TEXT;
ALTER TABLE sites ADD COLUMN adaptive_schema TEXT;
ALTER TABLE sites ADD COLUMN adaptive_schema_updated_at TEXT;
ALTER TABLE sites ADD COLUMN customization TEXT;
UPDATE sites SET visitor_auth_key = lower(hex(randomblob(32))) WHERE visitor_auth_key IS NULL;
ALTER TABLE site_spaces ADD COLUMN section_id TEXT;
ALTER TABLE site_spaces ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE site_spaces ADD COLUMN customization TEXT;
UPDATE site_spaces SET position = (SELECT COUNT(*) FROM site_spaces o WHERE o.site_id = site_spaces.site_id AND o.seq <= site_spaces.seq);
CREATE INDEX site_spaces_section ON site_spaces(section_id);

CREATE TABLE site_section_groups (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  icon TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX site_section_groups_site ON site_section_groups(site_id, position);

CREATE TABLE site_sections (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT,
  path TEXT NOT NULL,
  condition TEXT,
  icon TEXT,
  section_group_id TEXT,
  default_site_space_id TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX site_sections_site ON site_sections(site_id, position);

CREATE TABLE site_share_links (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  name TEXT,
  key TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE INDEX site_share_links_site ON site_share_links(site_id, seq);
CREATE INDEX site_share_links_key ON site_share_links(key);

-- One row per event a site's visitors caused, kept whole in \`record\` (a JSON object of the columns below, with
-- cookies, claims and the type's own fields in \`data\` as JSON text): an event never changes, so it syncs as
-- one field, not twenty. The columns the aggregate and the segments read are stored, generated from it.
CREATE TABLE site_insight_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  record TEXT NOT NULL,
  type TEXT GENERATED ALWAYS AS (json_extract(record, '$.type')) STORED,
  timestamp TEXT GENERATED ALWAYS AS (json_extract(record, '$.timestamp')) STORED,
  visitor_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.visitor_id')) STORED,
  session_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.session_id')) STORED,
  ip TEXT GENERATED ALWAYS AS (json_extract(record, '$.ip')) STORED,
  user_agent TEXT GENERATED ALWAYS AS (json_extract(record, '$.user_agent')) STORED,
  language TEXT GENERATED ALWAYS AS (json_extract(record, '$.language')) STORED,
  referrer TEXT GENERATED ALWAYS AS (json_extract(record, '$.referrer')) STORED,
  cookies TEXT GENERATED ALWAYS AS (json_extract(record, '$.cookies')) STORED,
  claims TEXT GENERATED ALWAYS AS (json_extract(record, '$.claims')) STORED,
  url TEXT GENERATED ALWAYS AS (json_extract(record, '$.url')) STORED,
  site_section_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.site_section_id')) STORED,
  site_space_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.site_space_id')) STORED,
  site_share_key TEXT GENERATED ALWAYS AS (json_extract(record, '$.site_share_key')) STORED,
  space_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.space_id')) STORED,
  revision_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.revision_id')) STORED,
  page_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.page_id')) STORED,
  data TEXT GENERATED ALWAYS AS (json_extract(record, '$.data')) STORED
);
CREATE INDEX site_insight_events_site_time ON site_insight_events(site_id, timestamp);

DROP TRIGGER IF EXISTS sync_sites_insert;
DROP TRIGGER IF EXISTS sync_site_spaces_insert;
${dropSyncTriggersSql(sites)}
${dropSyncTriggersSql(siteSpaces)}
${syncTriggersSql(sites)}
${syncTriggersSql(siteSpaces)}
${added.map(syncTriggersSql).join('\n')}
`,
};
