import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createCustomFont } from '../../src-main/fonts/service';
import { addExternalLinkToSite } from '../../src-main/sites/external-links-service';
import { createSiteRedirect } from '../../src-main/sites/redirects-service';
import { addSection } from '../../src-main/sites/sections-service';
import { createSite } from '../../src-main/sites/service';
import { createSpace } from '../../src-main/spaces/service';
import { insertMember } from '../../src-main/store/members';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

type Db = { prepare(sql: string): { all(...args: unknown[]): unknown[] } };
const sourcesOf = (db: Db, siteId: string) => (db.prepare('SELECT source FROM site_redirects WHERE site_id = ? ORDER BY seq').all(siteId) as Array<{ source: string }>).map((r) => r.source);
const linksOf = (db: Db, siteId: string) => (db.prepare('SELECT title FROM site_external_links WHERE site_id = ? ORDER BY seq').all(siteId) as Array<{ title: string }>).map((r) => r.title);
const fontsOf = (db: Db, orgId: string) => (db.prepare('SELECT font_family FROM custom_fonts WHERE organization_id = ? ORDER BY seq').all(orgId) as Array<{ font_family: string }>).map((r) => r.font_family);

describe("a site's redirects, external links and the organization's fonts sync", () => {
  it('bring what the server has to a workstation, and send back what an admin made offline', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } };
    const site = createSite(server.ctx, server.orgId, { title: 'Docs' });
    const { node } = addSection(server.ctx, server.orgId, site.id, { spaceId: space.id });
    createSiteRedirect(server.ctx, server.orgId, site.id, { source: '/old', destination: { kind: 'site-section', siteSectionId: node.section.id } });
    addExternalLinkToSite(server.ctx, server.orgId, site.id, { title: 'Blog', url: 'https://blog.example.com/' });
    createCustomFont(server.ctx, server.orgId, { fontFamily: 'Brand', fontFaces: [{ weight: 400, storageKey: 'https://cdn.example.com/brand.woff2' }] });
    const client = attach(server.token);
    await client.syncOnce();
    expect(sourcesOf(workstation.db, site.id)).toEqual(['/old']);
    expect(linksOf(workstation.db, site.id)).toEqual(['Blog']);
    expect(fontsOf(workstation.db, server.orgId)).toEqual(['Brand']);

    const offline = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    createSiteRedirect(offline, server.orgId, site.id, { source: '/older', destination: { kind: 'external', url: 'https://example.com/' } });
    addExternalLinkToSite(offline, server.orgId, site.id, { title: 'Status', url: 'https://status.example.com/' });
    await client.syncOnce();
    expect(sourcesOf(server.db, site.id)).toEqual(['/old', '/older']);
    expect(linksOf(server.db, site.id)).toEqual(['Blog', 'Status']);
    expect(client.getStatus().waiting).toBe(0);
  });

  it("refuses a redirect made by a member who is not an admin, and returns the workstation's copy", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } };
    const site = createSite(server.ctx, server.orgId, { title: 'Docs', spaces: [space.id] });
    const now = new Date().toISOString();
    const writer = findOrCreateUser(server.db, 'writer@team.example', now, 'writer@team.example');
    insertMember(server.db, server.orgId, writer.id, 'edit', now);
    const token = generateToken();
    insertToken(server.db, writer.id, token, now);
    const client = attach(token);
    await client.syncOnce();
    // Written below the services (which would refuse at once), as a modified workstation could.
    workstation.db
      .prepare(`INSERT INTO site_redirects (id, organization_id, site_id, source, destination, created_at) VALUES ('r1', ?, ?, '/sneaky', '{"kind":"external","url":"https://x.example"}', ?)`)
      .run(server.orgId, site.id, now);
    await client.syncOnce();
    expect(sourcesOf(server.db, site.id)).toEqual([]);
    expect(changesInState(workstation.db, 'refused', 20).map((change) => change.dataset)).toContain('site_redirects');
  });
});
