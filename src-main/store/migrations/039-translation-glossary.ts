import type { Migration } from '../migrations';
import { type SyncedTableV1, syncTriggersSql } from './sync-triggers-v1';

// The columns as src-main/store/synced-datasets.ts lists them for this release, written out here so the migration
// never changes with the live list.
const GLOSSARY_ENTRIES_039: SyncedTableV1 = {
  table: 'translation_glossary_entries',
  key: ['id'],
  columns: ['organization_id', 'translations', 'created_at', 'updated_at'],
  organization: 'R.organization_id',
};

// An organization's translation glossary (GitBook's GlossaryEntry): terms and how each language says them, as a
// JSON object of language code → term. Organization settings like its translations, so they sync the same way.
export const translationGlossary039: Migration = {
  version: 39,
  name: 'translation glossary',
  sql: `
CREATE TABLE translation_glossary_entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  translations TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX translation_glossary_entries_org ON translation_glossary_entries(organization_id, seq);

${syncTriggersSql(GLOSSARY_ENTRIES_039)}
`,
};
