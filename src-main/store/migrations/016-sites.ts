import type { Migration } from '../migrations';
import { syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

const sites = syncedTableAt022('sites');
const siteSpaces = syncedTableAt022('site_spaces');

// Docs sites (issue 8) and the spaces they publish. `default_site_space_id` names a site space without a
// foreign key (the two tables would refer to each other); the presenter checks it still exists. A site
// space carries its organization so that its changes, even its deletion with the site, know where to go.
export const sites016: Migration = {
  version: 16,
  name: 'docs sites and their site spaces',
  sql: `
CREATE TABLE sites (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type TEXT NOT NULL DEFAULT 'basic',
  title TEXT NOT NULL,
  visibility TEXT NOT NULL DEFAULT 'public',
  published INTEGER NOT NULL DEFAULT 0,
  basename TEXT,
  proxy_origin TEXT,
  adaptive_content INTEGER NOT NULL DEFAULT 0,
  agents_context TEXT NOT NULL DEFAULT 'included',
  default_site_space_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX sites_org ON sites(organization_id, seq);
CREATE TABLE site_spaces (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  condition TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX site_spaces_site ON site_spaces(site_id, seq);
CREATE INDEX site_spaces_space ON site_spaces(space_id);
${syncTriggersSql(sites)}
${syncTriggersSql(siteSpaces)}
`,
};
