import type { Migration } from '../migrations';

// What the published site shows on an embed's card (`{% embed url="..." %}`): the title the linked page gives
// itself, fetched in the background (src-main/embeds/). A cache: one row per URL (its fragment left out),
// `status` 'ok' with what was read or 'failed' with a short reason; `expires_at` is when it is fetched again
// (a day for a title, an hour for a failure, so a dead URL is not fetched on every view). A failure keeps the
// title an earlier fetch read. Rows long expired are pruned. This replica's own: no sync triggers, no dataset
// (docs/sync.md), every replica fetches what it shows.
export const linkMetadata025: Migration = {
  version: 25,
  name: 'fetched titles of embedded links',
  sql: `
CREATE TABLE link_metadata (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  url TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  title TEXT,
  description TEXT,
  site_name TEXT,
  failure TEXT,
  fetched_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX link_metadata_expires ON link_metadata(expires_at);
`,
};
