import type { Migration } from '../migrations';
import { secretRestampTriggersSql, syncTriggersSql } from './sync-triggers-v1';
import { SYNCED_TABLES_022, syncedTableAt022 } from './synced-tables-022';

const synced = ['translations', 'integrations', 'integration_assets', 'integration_installations', 'integration_space_installations'].map(syncedTableAt022);

// Translations and integrations (issue 9).
//
// A translation names its source space; machine translation itself is not run (no external service), so
// `status` stays pending. An integration is named by its `name`, unique on every replica and its sync key: the
// first organization to publish a name owns it. Its files (icon, preview images, script) are kept as base64 in
// `integration_assets`, content-addressed per integration, so they travel as ordinary field changes; `icon`,
// `preview_images` and `script` hold their hashes. `secrets` are never shown by the API and reach only admins'
// workstations (datasets' adminOnly), so the promotion triggers of migration 018 are made again with them.
//
// Installations belong to the installing organization. They name their integration without a foreign key: a
// workstation holds only its own organizations' integrations, not the public ones of others it installed.
export const translationsIntegrations021: Migration = {
  version: 21,
  name: 'translations, integrations, their files and installations',
  sql: `
CREATE TABLE translations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title TEXT,
  source_space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  source_language TEXT NOT NULL,
  language TEXT NOT NULL,
  instructions TEXT,
  status TEXT NOT NULL DEFAULT 'pending',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX translations_org ON translations(organization_id, seq);

CREATE TABLE integrations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  runtime TEXT NOT NULL DEFAULT 'v1',
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  summary TEXT,
  visibility TEXT NOT NULL,
  target TEXT NOT NULL,
  scopes TEXT NOT NULL DEFAULT '[]',
  categories TEXT NOT NULL DEFAULT '[]',
  blocks TEXT NOT NULL DEFAULT '[]',
  content_sources TEXT NOT NULL DEFAULT '[]',
  external_links TEXT NOT NULL DEFAULT '[]',
  configurations TEXT,
  content_security_policy TEXT,
  secrets TEXT,
  icon TEXT,
  preview_images TEXT NOT NULL DEFAULT '[]',
  script TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX integrations_org ON integrations(organization_id);

CREATE TABLE integration_assets (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  integration_name TEXT NOT NULL REFERENCES integrations(name) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  content_type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (integration_name, hash)
);

CREATE TABLE integration_installations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  integration_name TEXT NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'active',
  space_selection TEXT NOT NULL DEFAULT 'selected',
  site_selection TEXT NOT NULL DEFAULT 'selected',
  configuration TEXT NOT NULL DEFAULT '{}',
  external_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX integration_installations_name ON integration_installations(integration_name, seq);
CREATE INDEX integration_installations_org ON integration_installations(organization_id);

CREATE TABLE integration_space_installations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  installation_id TEXT NOT NULL REFERENCES integration_installations(id) ON DELETE CASCADE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  integration_name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  configuration TEXT NOT NULL DEFAULT '{}',
  external_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (installation_id, space_id)
);
CREATE INDEX integration_space_installations_space ON integration_space_installations(space_id);

${synced.map(syncTriggersSql).join('\n')}

${secretRestampTriggersSql(SYNCED_TABLES_022)}
`,
};
