import type { Migration } from '../migrations';

// Pages whose markdown (content_pages.markdown, the read model) is behind their body document. A keystroke
// appends its Yjs update and marks the page here once, instead of rewriting the whole markdown row: the row
// is brought up to date when the writer pauses or when something reads it (content/stale-bodies.ts). The
// mark is on disk so a crash between a keystroke and the pause leaves the page to refresh at the next start,
// and so another process (the `folio` CLI) refreshes before it reads. Not synced: each replica derives its
// own read model from the documents.
export const stalePageBodies027: Migration = {
  version: 27,
  name: 'page markdown behind its body document',
  sql: `
CREATE TABLE stale_page_bodies (
  tree_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  PRIMARY KEY (tree_id, page_id)
) WITHOUT ROWID;
`,
};
