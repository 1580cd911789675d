import type { Migration } from '../migrations';

// Every table has an INTEGER `seq` primary key: list cursors are keyed on it, and unlike an
// implicit rowid it survives VACUUM. Public ids are random strings in `id`.
export const foundation: Migration = {
  version: 1,
  name: 'users, tokens, organizations, members, invites and teams',
  sql: `
CREATE TABLE users (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  photo_url TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE api_tokens (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);

CREATE TABLE organizations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  email_domains TEXT NOT NULL DEFAULT '[]',
  hostname TEXT UNIQUE,
  type TEXT NOT NULL DEFAULT 'business',
  default_role TEXT,
  default_content TEXT,
  logo TEXT,
  sso INTEGER NOT NULL DEFAULT 0,
  ai INTEGER NOT NULL DEFAULT 0,
  invite_links INTEGER NOT NULL DEFAULT 1,
  plan TEXT NOT NULL DEFAULT 'free'
);

CREATE TABLE members (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT,
  disabled INTEGER NOT NULL DEFAULT 0,
  sso INTEGER NOT NULL DEFAULT 0,
  joined_at TEXT NOT NULL,
  last_seen_at TEXT,
  UNIQUE (organization_id, user_id)
);
CREATE INDEX members_user ON members(user_id);

CREATE TABLE link_invites (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role TEXT,
  created_by TEXT NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX link_invites_org ON link_invites(organization_id);

CREATE TABLE teams (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX teams_org ON teams(organization_id);

CREATE TABLE team_members (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
  added_at TEXT NOT NULL,
  UNIQUE (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members(user_id);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
};
