import type { Migration } from '../migrations';
import { type SyncedTableV1, syncTriggersSql } from './sync-triggers-v1';

// The columns as src-main/store/synced-datasets.ts lists them for this release, written out here so the migration
// never changes with the live list.
const CONTENT_PERMISSIONS_031: SyncedTableV1 = {
  table: 'content_permissions',
  key: ['object_kind', 'object_id', 'principal_kind', 'principal_id'],
  columns: ['organization_id', 'role', 'created_at', 'updated_at'],
  organization: 'R.organization_id',
};

// Roles invited on a space, a collection or a site, for a user or a team (GitBook's "permissions" of an
// object). They only raise access, like default levels, and are the only access a guest has. The object and
// the principal are named by kind and id (one table for every pair, so one query answers "what was this user
// given on this object or anything above it"): SQL cannot declare a foreign key to several tables, so the
// triggers below remove a row when its object or principal goes, in the same transaction, whatever code
// deleted it (an unforgettable cascade). A space or collection moved to another organization leaves its
// invitations behind: they named people of the organization it left.
export const contentPermissions031: Migration = {
  version: 31,
  name: 'roles invited on spaces, collections and sites',
  sql: `
CREATE TABLE content_permissions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  object_kind TEXT NOT NULL CHECK (object_kind IN ('space', 'collection', 'site')),
  object_id TEXT NOT NULL,
  principal_kind TEXT NOT NULL CHECK (principal_kind IN ('user', 'team')),
  principal_id TEXT NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('read', 'comment', 'edit', 'review', 'create', 'admin')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (object_kind, object_id, principal_kind, principal_id)
);
CREATE INDEX content_permissions_principal ON content_permissions(principal_kind, principal_id, organization_id);
CREATE INDEX content_permissions_organization ON content_permissions(organization_id, object_kind);

CREATE TRIGGER content_permissions_space_gone AFTER DELETE ON spaces BEGIN
  DELETE FROM content_permissions WHERE object_kind = 'space' AND object_id = OLD.id;
END;
CREATE TRIGGER content_permissions_space_moved AFTER UPDATE OF organization_id ON spaces
  WHEN NEW.organization_id IS NOT OLD.organization_id BEGIN
  DELETE FROM content_permissions WHERE object_kind = 'space' AND object_id = OLD.id;
END;
CREATE TRIGGER content_permissions_collection_gone AFTER DELETE ON collections BEGIN
  DELETE FROM content_permissions WHERE object_kind = 'collection' AND object_id = OLD.id;
END;
CREATE TRIGGER content_permissions_collection_moved AFTER UPDATE OF organization_id ON collections
  WHEN NEW.organization_id IS NOT OLD.organization_id BEGIN
  DELETE FROM content_permissions WHERE object_kind = 'collection' AND object_id = OLD.id;
END;
CREATE TRIGGER content_permissions_site_gone AFTER DELETE ON sites BEGIN
  DELETE FROM content_permissions WHERE object_kind = 'site' AND object_id = OLD.id;
END;
CREATE TRIGGER content_permissions_team_gone AFTER DELETE ON teams BEGIN
  DELETE FROM content_permissions WHERE principal_kind = 'team' AND principal_id = OLD.id;
END;
CREATE TRIGGER content_permissions_member_gone AFTER DELETE ON members BEGIN
  DELETE FROM content_permissions
  WHERE principal_kind = 'user' AND principal_id = OLD.user_id AND organization_id = OLD.organization_id;
END;

${syncTriggersSql(CONTENT_PERMISSIONS_031)}
`,
};
