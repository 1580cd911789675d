import type { Migration } from '../migrations';

// The organization's audit log (GitBook's AuditEvent): who changed what, recorded by the service that made the
// change, inside the same transaction, so a change and its event land together or not at all.
// - Append-only: the triggers below refuse any UPDATE or DELETE, whatever code tries. Deleting an organization
//   leaves its log (no foreign key): an audit log outlives what it describes.
// - `id` is the event's public uuid; `seq` orders it (newest first in lists).
// - Labels are captured when the event is recorded (a later rename does not rewrite history).
// - Local to the replica that made the change: a workstation's offline changes are logged on the workstation.
export const auditEvents034: Migration = {
  version: 34,
  name: 'organization audit events',
  sql: `
CREATE TABLE audit_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  action TEXT NOT NULL,
  actor_type TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  actor_label TEXT,
  source TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  target_label TEXT,
  payload TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_by_organization ON audit_events (organization_id, seq);

CREATE TRIGGER audit_events_append_only_update BEFORE UPDATE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;
CREATE TRIGGER audit_events_append_only_delete BEFORE DELETE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;
`,
};
