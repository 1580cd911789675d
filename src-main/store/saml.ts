import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface SamlProviderRow {
  seq: number;
  id: string;
  organization_id: string;
  label: string;
  /** The identity provider's entity ID: the Issuer its assertions carry. */
  entity_id: string | null;
  /** Where the identity provider takes AuthnRequests (HTTP-Redirect binding). */
  sso_url: string | null;
  /** The identity provider's signing certificate, PEM. */
  certificate: string | null;
  default_team_id: string | null;
  default_role: MemberRoleOrGuest;
  created_at: string;
  updated_at: string;
}

export function getSamlProvider(db: Db, id: string): SamlProviderRow | undefined {
  return db.prepare('SELECT * FROM saml_providers WHERE id = ?').get(id) as SamlProviderRow | undefined;
}

export interface SamlProviderFields {
  label: string;
  entityId: string | null;
  ssoUrl: string | null;
  certificate: string | null;
  defaultTeamId: string | null;
  defaultRole: MemberRoleOrGuest;
}

export function insertSamlProvider(db: Db, organizationId: string, fields: SamlProviderFields, now: string): SamlProviderRow {
  const id = newId();
  db.prepare(
    `INSERT INTO saml_providers (id, organization_id, label, entity_id, sso_url, certificate, default_team_id, default_role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, organizationId, fields.label, fields.entityId, fields.ssoUrl, fields.certificate, fields.defaultTeamId, fields.defaultRole, now, now);
  return getSamlProvider(db, id)!;
}

const COLUMN_OF: Record<keyof SamlProviderFields, string> = {
  label: 'label',
  entityId: 'entity_id',
  ssoUrl: 'sso_url',
  certificate: 'certificate',
  defaultTeamId: 'default_team_id',
  defaultRole: 'default_role',
};

/** Sets the given fields (an `undefined` one stays) and `updated_at`. */
export function updateSamlProvider(db: Db, id: string, changes: Partial<SamlProviderFields>, now: string): void {
  const entries = (Object.entries(changes) as Array<[keyof SamlProviderFields, unknown]>).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE saml_providers SET ${entries.map(([k]) => `${COLUMN_OF[k]} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
    ...entries.map(([, v]) => v),
    now,
    id,
  );
}

export function deleteSamlProviderRow(db: Db, id: string): void {
  db.prepare('DELETE FROM saml_providers WHERE id = ?').run(id);
  db.prepare('DELETE FROM saml_requests WHERE provider_id = ?').run(id);
  db.prepare('DELETE FROM saml_login_codes WHERE provider_id = ?').run(id);
}

/** An organization's providers, oldest first. */
export function listSamlProviders(db: Db, organizationId: string, page: PageRequest): PageResult<SamlProviderRow> {
  return listPage(
    db,
    { select: 'SELECT * FROM saml_providers', where: ['organization_id = ?'], params: [organizationId], order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] },
    page,
  );
}

/** Every provider of the organization, oldest first (the login page's list: a handful). */
export function allSamlProviders(db: Db, organizationId: string): SamlProviderRow[] {
  return db.prepare('SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY seq').all(organizationId) as SamlProviderRow[];
}

/** The organization of a provider this replica holds (sync's authorization). */
export function samlProviderOrganization(db: Db, id: string): string | undefined {
  return (db.prepare('SELECT organization_id FROM saml_providers WHERE id = ?').get(id) as { organization_id: string } | undefined)?.organization_id;
}

// --- Pending AuthnRequests (local, not synced) ---

/** Records an AuthnRequest id sent for this provider; requests older than `staleBefore` are dropped on the way. */
export function insertSamlRequest(db: Db, r: { id: string; providerId: string; browserHash: string; now: string; staleBefore: string }): void {
  db.prepare('DELETE FROM saml_requests WHERE created_at < ?').run(r.staleBefore);
  db.prepare('INSERT INTO saml_requests (id, provider_id, browser_hash, created_at) VALUES (?, ?, ?, ?)').run(r.id, r.providerId, r.browserHash, r.now);
}

/** When the request was sent, if it is this provider's, still pending and not older than `staleBefore`. */
export function pendingSamlRequest(db: Db, id: string, providerId: string, staleBefore: string): string | undefined {
  const row = db
    .prepare('SELECT created_at FROM saml_requests WHERE id = ? AND provider_id = ? AND created_at >= ?')
    .get(id, providerId, staleBefore) as { created_at: string } | undefined;
  return row?.created_at;
}

/** Uses up a pending request: its browser's digest once; undefined for a request unknown, stale or already answered. */
export function consumeSamlRequest(db: Db, id: string, providerId: string, staleBefore: string): string | undefined {
  const row = db
    .prepare('DELETE FROM saml_requests WHERE id = ? AND provider_id = ? RETURNING browser_hash, created_at')
    .get(id, providerId) as { browser_hash: string; created_at: string } | undefined;
  return row && row.created_at >= staleBefore ? row.browser_hash : undefined;
}

// --- One-time login codes (local, not synced) ---

export function insertLoginCode(db: Db, c: { codeHash: string; userId: string; providerId: string; browserHash: string; expiresAt: string; now: string }): void {
  db.prepare('DELETE FROM saml_login_codes WHERE expires_at <= ?').run(c.now);
  db.prepare('INSERT INTO saml_login_codes (code_hash, user_id, provider_id, browser_hash, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    c.codeHash,
    c.userId,
    c.providerId,
    c.browserHash,
    c.expiresAt,
  );
}

interface LoginCodeRow {
  user_id: string;
  provider_id: string;
  browser_hash: string;
  expires_at: string;
}

/** Removes a code and answers what it held (the caller checks expiry and browser): a code is tried once. */
export function takeLoginCode(db: Db, codeHash: string): LoginCodeRow | undefined {
  return db.prepare('DELETE FROM saml_login_codes WHERE code_hash = ? RETURNING user_id, provider_id, browser_hash, expires_at').get(codeHash) as
    | LoginCodeRow
    | undefined;
}

/** Marks a member as signing in through SSO (members.sso; GitBook's `sso` on a member). */
export function setMemberSso(db: Db, organizationId: string, userId: string): void {
  db.prepare('UPDATE members SET sso = 1 WHERE organization_id = ? AND user_id = ? AND sso = 0').run(organizationId, userId);
}
