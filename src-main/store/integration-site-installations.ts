import type { Db } from './database';
import type { InstallationRow } from './integrations';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface SiteInstallationRow {
  seq: number;
  installation_id: string;
  site_id: string;
  organization_id: string;
  integration_name: string;
  status: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
}

export function getSiteInstallation(db: Db, installationId: string, siteId: string): SiteInstallationRow | undefined {
  return db.prepare('SELECT * FROM integration_site_installations WHERE installation_id = ? AND site_id = ?').get(installationId, siteId) as
    | SiteInstallationRow
    | undefined;
}

export function insertSiteInstallation(db: Db, s: { installation: InstallationRow; siteId: string; now: string }): SiteInstallationRow {
  db.prepare(
    `INSERT INTO integration_site_installations (installation_id, site_id, organization_id, integration_name, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(s.installation.id, s.siteId, s.installation.organization_id, s.installation.integration_name, s.now, s.now);
  return getSiteInstallation(db, s.installation.id, s.siteId)!;
}

export function deleteSiteInstallationRow(db: Db, installationId: string, siteId: string): void {
  db.prepare('DELETE FROM integration_site_installations WHERE installation_id = ? AND site_id = ?').run(installationId, siteId);
}

export function listSiteInstallationsOf(db: Db, installationId: string, page: PageRequest): PageResult<SiteInstallationRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM integration_site_installations',
      where: ['installation_id = ?'],
      params: [installationId],
      order: [{ expr: 'seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

/**
 * An integration's space or site installations across organizations, oldest first: all of them for `everything`
 * (its publisher's admins), else those of organizations `userId` is a (non-guest) member of.
 */
export function listContentInstallationsOfIntegration<Row>(
  db: Db,
  table: 'integration_space_installations' | 'integration_site_installations',
  name: string,
  who: { userId: string; everything: boolean },
  externalId: string | undefined,
  page: PageRequest,
): PageResult<Row> {
  const where = ['integration_name = ?'];
  const params: unknown[] = [name];
  if (!who.everything) {
    where.push('organization_id IN (SELECT organization_id FROM members WHERE user_id = ? AND role IS NOT NULL)');
    params.push(who.userId);
  }
  if (externalId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(external_ids) WHERE value = ?)');
    params.push(externalId);
  }
  return listPage<Row>(db, { select: `SELECT * FROM ${table}`, where, params, order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] }, page);
}
