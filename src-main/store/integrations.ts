import type { IntegrationFilters } from '../../src-shared/schemas/integrations';
import { sealUnlessUnchanged, unsealNullable } from './secret-sealer';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface IntegrationRow {
  seq: number;
  name: string;
  organization_id: string;
  version: number;
  runtime: string;
  title: string;
  description: string;
  summary: string | null;
  visibility: string;
  target: string;
  /** JSON arrays and objects, as published. */
  scopes: string;
  categories: string;
  blocks: string;
  content_sources: string;
  external_links: string;
  configurations: string | null;
  content_security_policy: string | null;
  /** JSON, never shown by the API; sealed in the database (secrets/sealing.ts), open in rows read here. */
  secrets: string | null;
  /** Hashes of integration_assets rows. */
  icon: string | null;
  preview_images: string;
  script: string;
  created_at: string;
  updated_at: string;
}

type IntegrationFields = Omit<IntegrationRow, 'seq' | 'created_at' | 'updated_at'>;

export function getIntegration(db: Db, name: string): IntegrationRow | undefined {
  return openIntegration(db, storedIntegration(db, name));
}

function storedIntegration(db: Db, name: string): IntegrationRow | undefined {
  return db.prepare('SELECT * FROM integrations WHERE name = ?').get(name) as IntegrationRow | undefined;
}

/** A row as stored, with its secrets unsealed. */
function openIntegration<Row extends IntegrationRow | undefined>(db: Db, row: Row): Row {
  return row && { ...row, secrets: unsealNullable(db, row.secrets) };
}

function openIntegrations<Page extends { rows: IntegrationRow[] }>(db: Db, page: Page): Page {
  return { ...page, rows: page.rows.map((row) => openIntegration(db, row)) };
}

/** Publishes a new name, or replaces every field of a published one (its created_at stays). */
export function upsertIntegration(db: Db, fields: IntegrationFields, now: string): IntegrationRow {
  const columns = Object.keys(fields) as Array<keyof IntegrationFields>;
  const existing = storedIntegration(db, fields.name);
  // Unchanged secrets keep their sealed text: a new sealing of the same secret would sync as a change.
  const stored = { ...fields, secrets: sealUnlessUnchanged(db, fields.secrets, existing?.secrets), now };
  if (existing) {
    const changed = columns.filter((c) => c !== 'name');
    db.prepare(`UPDATE integrations SET ${changed.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @now WHERE name = @name`).run(stored);
  } else {
    db.prepare(
      `INSERT INTO integrations (${columns.join(', ')}, created_at, updated_at) VALUES (${columns.map((c) => `@${c}`).join(', ')}, @now, @now)`,
    ).run(stored);
  }
  return getIntegration(db, fields.name)!;
}

export function deleteIntegrationRow(db: Db, name: string): void {
  db.prepare('DELETE FROM integrations WHERE name = ?').run(name);
}

// Files ------------------------------------------------------------------------------------------------

interface IntegrationAssetRow {
  integration_name: string;
  hash: string;
  content_type: string;
  /** base64 */
  data: string;
}

export function putIntegrationAsset(db: Db, a: IntegrationAssetRow & { organizationId: string; now: string }): void {
  db.prepare(
    `INSERT INTO integration_assets (organization_id, integration_name, hash, content_type, data, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (integration_name, hash) DO NOTHING`,
  ).run(a.organizationId, a.integration_name, a.hash, a.content_type, a.data, a.now);
}

/** Removes the files the integration's current version no longer names. */
export function pruneIntegrationAssets(db: Db, name: string, keep: readonly string[]): void {
  db.prepare('DELETE FROM integration_assets WHERE integration_name = ? AND hash NOT IN (SELECT value FROM json_each(?))').run(name, JSON.stringify(keep));
}

export function getIntegrationAsset(db: Db, name: string, hash: string): IntegrationAssetRow | undefined {
  return db.prepare('SELECT integration_name, hash, content_type, data FROM integration_assets WHERE integration_name = ? AND hash = ?').get(name, hash) as
    | IntegrationAssetRow
    | undefined;
}

// Listing ----------------------------------------------------------------------------------------------

/** Lower-cased host of a URL pattern held in SQL expression `v` ("https://*.figma.com/file/..." → "*.figma.com"). */
function hostOf(v: string): string {
  const rest = `lower(CASE WHEN instr(${v}, '://') > 0 THEN substr(${v}, instr(${v}, '://') + 3) ELSE ${v} END)`;
  return `(CASE WHEN instr(${rest}, '/') > 0 THEN substr(${rest}, 1, instr(${rest}, '/') - 1) ELSE ${rest} END)`;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL conditions over `i` (integrations) for the listing filters. */
function filterConditions(filters: IntegrationFilters): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.search) {
    where.push("i.name LIKE ? ESCAPE '\\' OR i.title LIKE ? ESCAPE '\\'");
    const like = `%${likeEscape(filters.search)}%`;
    params.push(like, like);
  }
  if (filters.category) {
    where.push('EXISTS (SELECT 1 FROM json_each(i.categories) WHERE value = ?)');
    params.push(filters.category);
  }
  if (filters.scope) {
    where.push('EXISTS (SELECT 1 FROM json_each(i.scopes) WHERE value = ?)');
    params.push(filters.scope);
  }
  if (filters.blocks !== undefined) where.push(`json_array_length(i.blocks) ${filters.blocks ? '>' : '='} 0`);
  if (filters.contentSources !== undefined) where.push(`json_array_length(i.content_sources) ${filters.contentSources ? '>' : '='} 0`);
  if (filters.owner) {
    where.push('i.organization_id = ?');
    params.push(filters.owner);
  }
  if (filters.target) {
    // An integration published for `all` targets installs on each of them.
    where.push(filters.target === 'all' ? "i.target = 'all'" : "i.target IN (?, 'all')");
    if (filters.target !== 'all') params.push(filters.target);
  }
  if (filters.blockDomain) {
    // A block unfurls URLs of the domain itself or of one of its subdomains.
    const host = hostOf('u.value');
    where.push(
      `EXISTS (SELECT 1 FROM json_each(i.blocks) b, json_each(b.value, '$.urlUnfurl') u WHERE ${host} = ? OR substr(${host}, -length(?) - 1) = '.' || ?)`,
    );
    const domain = filters.blockDomain.toLowerCase();
    params.push(domain, domain, domain);
  }
  return { where, params };
}

/**
 * Integrations `userId` may see, by name: public ones, and every one owned by an organization they are a
 * member of (not a guest). `orgScope` narrows the owners' side to one organization (listOrganizationIntegrations).
 */
export function listVisibleIntegrations(
  db: Db,
  userId: string,
  filters: IntegrationFilters,
  page: PageRequest,
  orgScope?: string,
): PageResult<IntegrationRow> {
  const { where, params } = filterConditions(filters);
  const owners = orgScope
    ? { sql: 'i.organization_id = ?', params: [orgScope] }
    : { sql: 'i.organization_id IN (SELECT organization_id FROM members WHERE user_id = ? AND role IS NOT NULL)', params: [userId] };
  const result = listPage<IntegrationRow>(
    db,
    {
      select: 'SELECT i.* FROM integrations i',
      where: [`i.visibility = 'public' OR ${owners.sql}`, ...where],
      params: [...owners.params, ...params],
      order: [{ expr: 'i.name', dir: 'asc', key: 'name' }],
    },
    page,
  );
  return openIntegrations(db, result);
}

// Installations ----------------------------------------------------------------------------------------

export interface InstallationRow {
  seq: number;
  id: string;
  integration_name: string;
  organization_id: string;
  status: string;
  space_selection: string;
  site_selection: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
  /** Computed: spaces the installation manages. */
  spaces: number;
}

export const installationSelect = `SELECT n.*, CASE WHEN n.space_selection = 'all'
    THEN (SELECT COUNT(*) FROM spaces s WHERE s.organization_id = n.organization_id AND s.deleted_at IS NULL)
    ELSE (SELECT COUNT(*) FROM integration_space_installations si WHERE si.installation_id = n.id) END AS spaces
  FROM integration_installations n`;

export function getInstallation(db: Db, name: string, id: string): InstallationRow | undefined {
  return db.prepare(`${installationSelect} WHERE n.integration_name = ? AND n.id = ?`).get(name, id) as InstallationRow | undefined;
}

export function findInstallation(db: Db, name: string, organizationId: string): InstallationRow | undefined {
  return db.prepare(`${installationSelect} WHERE n.integration_name = ? AND n.organization_id = ? ORDER BY n.seq LIMIT 1`).get(name, organizationId) as
    | InstallationRow
    | undefined;
}

export function insertInstallation(db: Db, i: { name: string; organizationId: string; now: string }): InstallationRow {
  const id = newId();
  db.prepare('INSERT INTO integration_installations (id, integration_name, organization_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    id,
    i.name,
    i.organizationId,
    i.now,
    i.now,
  );
  return getInstallation(db, i.name, id)!;
}

type InstallationChanges = Partial<Pick<InstallationRow, 'space_selection' | 'site_selection' | 'configuration' | 'external_ids'>>;

export function updateInstallationRow(
  db: Db,
  table: 'integration_installations' | 'integration_space_installations' | 'integration_site_installations', where: Record<string, string>, changes: InstallationChanges, now: string): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  entries.push(['updated_at', now]);
  const conditions = Object.keys(where);
  db.prepare(`UPDATE ${table} SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE ${conditions.map((k) => `${k} = ?`).join(' AND ')}`).run(
    ...entries.map(([, v]) => v),
    ...conditions.map((k) => where[k]),
  );
}

export function deleteInstallationRow(db: Db, id: string): void {
  db.prepare('DELETE FROM integration_installations WHERE id = ?').run(id);
}

/** Every installation of an integration (unpublishing removes them, wherever they are). */
export function deleteInstallationsOf(db: Db, name: string): void {
  db.prepare('DELETE FROM integration_space_installations WHERE integration_name = ?').run(name);
  db.prepare('DELETE FROM integration_site_installations WHERE integration_name = ?').run(name);
  db.prepare('DELETE FROM integration_installations WHERE integration_name = ?').run(name);
}

/**
 * An integration's installations, oldest first: all of them when `everything` (its owner's admins), else
 * those on organizations `userId` is a member of.
 */
export function listInstallations(
  db: Db,
  name: string,
  who: { userId: string; everything: boolean },
  externalId: string | undefined,
  page: PageRequest,
): PageResult<InstallationRow> {
  const where = ['n.integration_name = ?'];
  const params: unknown[] = [name];
  if (!who.everything) {
    where.push('n.organization_id IN (SELECT organization_id FROM members WHERE user_id = ? AND role IS NOT NULL)');
    params.push(who.userId);
  }
  if (externalId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(n.external_ids) WHERE value = ?)');
    params.push(externalId);
  }
  return listPage(db, { select: installationSelect, where, params, order: [{ expr: 'n.seq', dir: 'asc', key: 'seq' }] }, page);
}

// Space installations ----------------------------------------------------------------------------------

export interface SpaceInstallationRow {
  seq: number;
  installation_id: string;
  space_id: string;
  organization_id: string;
  integration_name: string;
  status: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
}

export function getSpaceInstallation(db: Db, installationId: string, spaceId: string): SpaceInstallationRow | undefined {
  return db.prepare('SELECT * FROM integration_space_installations WHERE installation_id = ? AND space_id = ?').get(installationId, spaceId) as
    | SpaceInstallationRow
    | undefined;
}

export function insertSpaceInstallation(db: Db, s: { installation: InstallationRow; spaceId: string; now: string }): SpaceInstallationRow {
  db.prepare(
    `INSERT INTO integration_space_installations (installation_id, space_id, organization_id, integration_name, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(s.installation.id, s.spaceId, s.installation.organization_id, s.installation.integration_name, s.now, s.now);
  return getSpaceInstallation(db, s.installation.id, s.spaceId)!;
}

export function deleteSpaceInstallationRow(db: Db, installationId: string, spaceId: string): void {
  db.prepare('DELETE FROM integration_space_installations WHERE installation_id = ? AND space_id = ?').run(installationId, spaceId);
}

export function listSpaceInstallations(db: Db, installationId: string, page: PageRequest): PageResult<SpaceInstallationRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM integration_space_installations',
      where: ['installation_id = ?'],
      params: [installationId],
      order: [{ expr: 'seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

// What a space or a site has installed -----------------------------------------------------------------

/** Integrations enabled in a space: installed on its organization for all spaces or for this one, and made for spaces. */
export function listSpaceIntegrations(db: Db, space: { id: string; organization_id: string }, search: string | undefined, page: PageRequest) {
  const where = [
    "i.target IN ('all', 'space')",
    `EXISTS (SELECT 1 FROM integration_installations n WHERE n.integration_name = i.name AND n.organization_id = ?
       AND (n.space_selection = 'all' OR EXISTS (SELECT 1 FROM integration_space_installations si WHERE si.installation_id = n.id AND si.space_id = ?)))`,
  ];
  const params: unknown[] = [space.organization_id, space.id];
  if (search) {
    where.push("i.name LIKE ? ESCAPE '\\' OR i.title LIKE ? ESCAPE '\\'");
    params.push(`%${likeEscape(search)}%`, `%${likeEscape(search)}%`);
  }
  return openIntegrations(db, listPage<IntegrationRow>(db, { select: 'SELECT i.* FROM integrations i', where, params, order: [{ expr: 'i.name', dir: 'asc', key: 'name' }] }, page));
}

/**
 * Integrations enabled on a site: made for sites, and installed on its organization for all sites or on this
 * site (integration_site_installations); `search` matches their name or title.
 */
export function siteIntegrations(db: Db, site: { id: string; organization_id: string }, search?: string): IntegrationRow[] {
  const like = search ? `%${likeEscape(search)}%` : null;
  const rows = db
    .prepare(
      `SELECT i.* FROM integrations i WHERE i.target IN ('all', 'site') AND EXISTS (SELECT 1 FROM integration_installations n
         WHERE n.integration_name = i.name AND n.organization_id = ? AND (n.site_selection = 'all'
           OR EXISTS (SELECT 1 FROM integration_site_installations si WHERE si.installation_id = n.id AND si.site_id = ?)))
         AND (? IS NULL OR i.name LIKE ? ESCAPE '\\' OR i.title LIKE ? ESCAPE '\\') ORDER BY i.name`,
    )
    .all(site.organization_id, site.id, like, like, like) as IntegrationRow[];
  return rows.map((row) => openIntegration(db, row));
}

// Sync's questions -------------------------------------------------------------------------------------

export function installationOrganization(db: Db, id: string): string | undefined {
  return (db.prepare('SELECT organization_id FROM integration_installations WHERE id = ?').get(id) as { organization_id: string } | undefined)
    ?.organization_id;
}

/** Whether the user is an admin of some organization (who may install a public integration somewhere). */
export function isAdminSomewhere(db: Db, userId: string): boolean {
  return db.prepare("SELECT 1 FROM members WHERE user_id = ? AND role = 'admin' LIMIT 1").get(userId) !== undefined;
}
