import type { Migration } from '../migrations';
import { syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

// SAML single sign-on (issue 9). Providers are organization data and sync like sites; `default_team_id` names a
// team without a foreign key (sync may bring the provider before its team, and deleting a team must not delete
// the provider): the presenter and the login check it still exists.
//
// The two other tables are this replica's own and never sync: the ids of the AuthnRequests it sent (an ACS
// response must answer one of them, once: replay protection), and the one-time codes a finished login hands to
// the browser, stored as SHA-256 digests like API tokens, to be traded for a token (src-main/saml/login.ts).
// `browser_hash` is the digest of the nonce cookie the browser got at the start: only that browser can trade
// the code, so a code sent to someone else cannot sign them in as its owner (login CSRF).
export const saml020: Migration = {
  version: 20,
  name: 'SAML single sign-on providers, pending requests and login codes',
  sql: `
CREATE TABLE saml_providers (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  entity_id TEXT,
  sso_url TEXT,
  certificate TEXT,
  default_team_id TEXT,
  default_role TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX saml_providers_org ON saml_providers(organization_id, seq);

CREATE TABLE saml_requests (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  provider_id TEXT NOT NULL,
  browser_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX saml_requests_created ON saml_requests(created_at);

CREATE TABLE saml_login_codes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  code_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id TEXT NOT NULL,
  browser_hash TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

${syncTriggersSql(syncedTableAt022('saml_providers'))}
`,
};
