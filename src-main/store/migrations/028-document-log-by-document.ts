import type { Migration } from '../migrations';

// A keystroke's update lands in one page of the database (issue 17: at most 8 KB written per keystroke).
//
// The update log was a rowid table (seq AUTOINCREMENT) with an index on (doc_id, seq): every append wrote the
// table's last page, the index page of its document and the sqlite_sequence page, three 4 KiB log frames. Now
// the log is clustered by document (WITHOUT ROWID, primary key (doc_id, seq), seq counted per document and
// kept past compaction by ydocs.snapshot_seq), so an append writes the one page holding its document's end.
//
// What /sync/v1/docs/changed needs, which documents changed after a cursor, moves to doc_changes: a document
// changed since the last answer is marked in doc_changes_unsettled (written once, not per keystroke), and the
// next answer first gives every marked document the next number of doc_change_counter. Existing seqs keep
// their order, and the counter starts past every number a workstation may hold as its cursor.
export const documentLogByDocument028: Migration = {
  version: 28,
  name: 'update log clustered by document; changed documents numbered when asked',
  sql: `
CREATE TABLE yupdates_by_doc (
  doc_id TEXT NOT NULL REFERENCES ydocs(doc_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (doc_id, seq)
) WITHOUT ROWID;
INSERT INTO yupdates_by_doc (doc_id, seq, data, created_at) SELECT doc_id, seq, data, created_at FROM yupdates;

CREATE TABLE doc_change_counter (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
INSERT INTO doc_change_counter (id, seq)
  SELECT 1, COALESCE(MAX(m), 0) FROM (SELECT MAX(seq) AS m FROM yupdates UNION ALL SELECT MAX(snapshot_seq) FROM ydocs);

CREATE TABLE doc_changes (
  doc_id TEXT PRIMARY KEY REFERENCES ydocs(doc_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL
);
INSERT INTO doc_changes (doc_id, seq)
  SELECT doc_id, MAX(s) FROM (SELECT doc_id, seq AS s FROM yupdates UNION ALL SELECT doc_id, snapshot_seq FROM ydocs) GROUP BY doc_id;
CREATE INDEX doc_changes_seq ON doc_changes(seq);

CREATE TABLE doc_changes_unsettled (
  doc_id TEXT PRIMARY KEY REFERENCES ydocs(doc_id) ON DELETE CASCADE
) WITHOUT ROWID;

DROP TABLE yupdates;
ALTER TABLE yupdates_by_doc RENAME TO yupdates;
DELETE FROM sqlite_sequence WHERE name = 'yupdates';
`,
};
