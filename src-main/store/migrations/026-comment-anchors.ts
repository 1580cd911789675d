import type { Migration } from '../migrations';
import { dropSyncTriggersSql, syncTriggersSql, type SyncedTableV1 } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

const COMMENTS_022 = syncedTableAt022('comments');

// The columns as src-main/store/synced-datasets.ts lists them for this release, written out here so the migration
// never changes with the live list.
const COMMENTS_026: SyncedTableV1 = {
  ...COMMENTS_022,
  columns: [...COMMENTS_022.columns, 'anchor_start', 'anchor_end', 'anchor_quote'],
};

// A comment on words of a page: where the commented text starts and ends in the page's body document, as Yjs
// relative positions (Y.encodeRelativePosition, base64), so the anchor follows the text through every edit,
// concurrent or merged; and the text as it was quoted when the comment was posted (at most 200 characters),
// kept once the text is deleted. All three are null for comments on a space, a page or a table cell. They
// are the comment's own fields and sync like its others: the comments triggers are made again with them.
export const commentAnchors026: Migration = {
  version: 26,
  name: 'comments anchored to text',
  sql: `
ALTER TABLE comments ADD COLUMN anchor_start TEXT;
ALTER TABLE comments ADD COLUMN anchor_end TEXT;
ALTER TABLE comments ADD COLUMN anchor_quote TEXT;
${dropSyncTriggersSql(COMMENTS_022)}
${syncTriggersSql(COMMENTS_026)}
`,
};
