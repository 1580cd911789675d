import type { Migration } from '../migrations';

// Yjs documents: an append-only log of updates per document, folded into a snapshot by
// compaction (lesson 1 of docs/local-first.md). `generation` lets a document be rebuilt from scratch
// without stale replicas resurrecting what it dropped.
export const yjsDocuments: Migration = {
  version: 3,
  name: 'Yjs documents: snapshots and update log',
  sql: `
CREATE TABLE ydocs (
  doc_id TEXT PRIMARY KEY,
  snapshot BLOB,
  snapshot_seq INTEGER NOT NULL DEFAULT 0,
  generation TEXT NOT NULL,
  created_at TEXT NOT NULL,
  compacted_at TEXT
);

CREATE TABLE yupdates (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  doc_id TEXT NOT NULL REFERENCES ydocs(doc_id) ON DELETE CASCADE,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX yupdates_doc ON yupdates(doc_id, seq);
`,
};
