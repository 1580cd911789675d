import type { Migration } from '../migrations';

// Comments of a space (change_request_id NULL) or of one of its change requests. The change request
// id carries no foreign key: change requests live in their own tables, and a space's purge removes
// every comment through space_id. A comment keeps a snapshot of the page it was posted on, so it can
// still name that page once the page is gone (target.page.outdated).
export const comments: Migration = {
  version: 10,
  name: 'comments, replies and reactions',
  sql: `
CREATE TABLE comments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  change_request_id TEXT,
  posted_by TEXT NOT NULL REFERENCES users(id),
  posted_at TEXT NOT NULL,
  edited_at TEXT,
  markdown TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  page_id TEXT,
  page_snapshot TEXT,
  node_id TEXT,
  table_cell TEXT,
  resolved_at TEXT,
  resolved_by TEXT REFERENCES users(id)
);
CREATE INDEX comments_scope ON comments(space_id, change_request_id, posted_at);
CREATE INDEX comments_page ON comments(space_id, page_id);

CREATE TABLE comment_replies (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  posted_by TEXT NOT NULL REFERENCES users(id),
  posted_at TEXT NOT NULL,
  edited_at TEXT,
  markdown TEXT NOT NULL
);
CREATE INDEX comment_replies_comment ON comment_replies(comment_id, posted_at);

-- A reaction is on a comment (reply_id NULL) or on one of its replies; one per user and emoji.
CREATE TABLE comment_reactions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  reply_id TEXT REFERENCES comment_replies(id) ON DELETE CASCADE,
  emoji TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id),
  reacted_at TEXT NOT NULL
);
CREATE UNIQUE INDEX comment_reactions_once ON comment_reactions(comment_id, COALESCE(reply_id, ''), emoji, user_id);
`,
};
