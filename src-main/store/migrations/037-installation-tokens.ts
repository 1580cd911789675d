import type { Migration } from '../migrations';

// Installation tokens (GitBook's createIntegrationInstallationToken): a temporary API token that acts as one
// installation of an integration, reaching only what the installation was given. Folio's authorization is by
// user, so each installation gets a user of its own, its *principal*, which is never a member of anything:
// - `installation_principals` ties the principal to its installation. Neither is synced: a token is a local
//   credential, and the principal's reach is derived from synced rows (the installation and where it is installed).
// - `installation_grants` is that reach, derived, never stored, so it follows the installation as it changes: the
//   installed spaces (or every space of the organization when the installation covers all spaces) with `edit`
//   when the integration's scopes write space content or metadata, else `read` when they read it; the installed
//   sites (or all) with `read` when a scope names sites. Only while the installation is active.
// - `api_tokens.expires_at`: installation tokens live an hour, as GitBook's temporary tokens do. Other tokens never expire.
// - Uninstalling deletes the principal row (cascade), and the trigger revokes its tokens with it.
export const installationTokens037: Migration = {
  version: 37,
  name: 'installation tokens',
  sql: `
ALTER TABLE api_tokens ADD COLUMN expires_at TEXT;

CREATE TABLE installation_principals (
  installation_id TEXT PRIMARY KEY REFERENCES integration_installations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);

CREATE TRIGGER installation_principals_revoke AFTER DELETE ON installation_principals BEGIN
  UPDATE api_tokens SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE user_id = OLD.user_id AND revoked_at IS NULL;
END;

CREATE VIEW installation_grants AS
WITH principals AS (
  SELECT p.user_id, i.id AS installation_id, i.organization_id, i.space_selection, i.site_selection,
    CASE
      WHEN EXISTS (SELECT 1 FROM json_each(n.scopes) WHERE value IN ('space:content:write', 'space:metadata:write')) THEN 'edit'
      WHEN EXISTS (SELECT 1 FROM json_each(n.scopes) WHERE value IN ('space:content:read', 'space:metadata:read', 'space:git:sync', 'page:feedback:read')) THEN 'read'
    END AS space_role,
    CASE WHEN EXISTS (SELECT 1 FROM json_each(n.scopes) WHERE value LIKE 'site:%') THEN 'read' END AS site_role
  FROM installation_principals p
  JOIN integration_installations i ON i.id = p.installation_id
  JOIN integrations n ON n.name = i.integration_name
  WHERE i.status = 'active'
)
SELECT g.user_id, g.organization_id, 'space' AS object_kind, s.id AS object_id, g.space_role AS role
  FROM principals g JOIN spaces s ON s.organization_id = g.organization_id
  WHERE g.space_role IS NOT NULL AND (g.space_selection = 'all' OR EXISTS (
    SELECT 1 FROM integration_space_installations si
    WHERE si.installation_id = g.installation_id AND si.space_id = s.id AND si.status = 'active'))
UNION ALL
SELECT g.user_id, g.organization_id, 'site' AS object_kind, t.id AS object_id, g.site_role AS role
  FROM principals g JOIN sites t ON t.organization_id = g.organization_id
  WHERE g.site_role IS NOT NULL AND (g.site_selection = 'all' OR EXISTS (
    SELECT 1 FROM integration_site_installations si
    WHERE si.installation_id = g.installation_id AND si.site_id = t.id AND si.status = 'active'));
`,
};
