import type { Migration } from '../migrations';

// Content updates the server refused (docs/sync.md): kept with the server's reason, so the writer can see
// what was not accepted, and so the bytes are not lost.
export const syncDocRefusals: Migration = {
  version: 14,
  name: 'sync: refused content updates',
  sql: `
CREATE TABLE sync_doc_refusals (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  doc_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  update_data BLOB NOT NULL,
  refused_at TEXT NOT NULL
);
`,
};
