import type { Migration } from '../migrations';

// The app's revision history says what each revision was. `type` keeps GitBook's values (edits,
// merge, update, rollback), which cannot tell an import or the writer's live editing from an API
// edit: `origin` records that ('import', 'live'; NULL for everything else). Summaries count the
// versions a revision recorded, so versions and file versions are indexed by revision.
export const revisionHistory: Migration = {
  version: 12,
  name: 'revision origins and versions by revision',
  sql: `
ALTER TABLE revisions ADD COLUMN origin TEXT;
CREATE INDEX revisions_tree ON revisions(tree_id, seq);
CREATE INDEX content_versions_revision ON content_versions(tree_id, revision_seq);
CREATE INDEX content_file_versions_revision ON content_file_versions(tree_id, revision_seq);
`,
};
