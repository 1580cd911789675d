import type { Migration } from '../migrations';

// Invites by email wait for the invitee's consent (issue 14): inviting no longer adds a member, it leaves an
// invite the invitee accepts or declines. At most one open invite (neither accepted nor declined) per email and
// organization: inviting again updates it. `email` is lower-cased, the way it is matched to the caller's account.
// `invited_by` has no foreign key: it only says who asked, and must not stop anything being deleted.
//
// `org_invite_sends` records how many invites each request sent, for the per-organization sliding window
// (src-main/invites/rate-limit.ts); kept in the database so a restart does not reset it. Rows older than the
// window are pruned as the window is checked. Neither table syncs (docs/sync.md): invites are this replica's own.
//
// The columns are written out here, never read from the live dataset list, so this migration cannot drift.
export const pendingInvites023: Migration = {
  version: 23,
  name: 'pending invites by email, and their per-organization rate limit',
  sql: `
CREATE TABLE org_invites (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT,
  sso INTEGER NOT NULL DEFAULT 0,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  declined_at TEXT
);
CREATE UNIQUE INDEX org_invites_open ON org_invites(organization_id, email) WHERE accepted_at IS NULL AND declined_at IS NULL;
CREATE INDEX org_invites_open_email ON org_invites(email, seq) WHERE accepted_at IS NULL AND declined_at IS NULL;

CREATE TABLE org_invite_sends (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  sent_at TEXT NOT NULL,
  invites INTEGER NOT NULL
);
CREATE INDEX org_invite_sends_org ON org_invite_sends(organization_id, sent_at);
`,
};
