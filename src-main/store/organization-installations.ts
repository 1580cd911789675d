import type { Db } from './database';
import type { SiteInstallationRow } from './integration-site-installations';
import { installationSelect, type InstallationRow, type SpaceInstallationRow } from './integrations';
import { listPage, type PageRequest, type PageResult } from './keyset';

/** The organization's installations, oldest first; `search` matches the integration's name or title. */
export function organizationInstallations(db: Db, organizationId: string, search: string | undefined, page: PageRequest): PageResult<InstallationRow> {
  const where = ['n.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("n.integration_name IN (SELECT name FROM integrations WHERE name LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\')");
    params.push(like, like);
  }
  return listPage<InstallationRow>(db, { select: installationSelect, where, params, order: [{ expr: 'n.seq', dir: 'asc', key: 'seq' }] }, page);
}

export function organizationSpaceInstallations(db: Db, organizationId: string, spaceId: string | undefined): SpaceInstallationRow[] {
  return db
    .prepare('SELECT * FROM integration_space_installations WHERE organization_id = ? AND (? IS NULL OR space_id = ?) ORDER BY seq')
    .all(organizationId, spaceId ?? null, spaceId ?? null) as SpaceInstallationRow[];
}

export function organizationSiteInstallations(db: Db, organizationId: string, siteId: string | undefined): SiteInstallationRow[] {
  return db
    .prepare('SELECT * FROM integration_site_installations WHERE organization_id = ? AND (? IS NULL OR site_id = ?) ORDER BY seq')
    .all(organizationId, siteId ?? null, siteId ?? null) as SiteInstallationRow[];
}
