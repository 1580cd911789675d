import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { getSiteCustomizationForCaller, getSiteSpaceCustomizationForCaller, overrideSiteSpaceCustomization, replaceSiteCustomization } from '../../src-main/sites/customization-service';
import { createSite, updateSiteSettings } from '../../src-main/sites/service';
import { addSiteSpace } from '../../src-main/sites/site-spaces-service';
import { createSpace } from '../../src-main/spaces/service';
import { insertMember } from '../../src-main/store/members';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

const siteRow = (db: { prepare(sql: string): { get(...args: unknown[]): unknown } }, id: string) =>
  db.prepare('SELECT title, published FROM sites WHERE id = ?').get(id) as { title: string; published: number } | undefined;
const siteSpaceCount = (db: { prepare(sql: string): { get(...args: unknown[]): unknown } }, siteId: string) =>
  (db.prepare('SELECT COUNT(*) AS n FROM site_spaces WHERE site_id = ?').get(siteId) as { n: number }).n;

describe('sites sync between a workstation and a team server', () => {
  it('sends a site and its spaces created on a workstation to the server', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } };
    const client = attach(server.token);
    await client.syncOnce();

    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const site = createSite(asOwner, server.orgId, { title: 'Made offline' });
    addSiteSpace(asOwner, server.orgId, site.id, { spaceId: space.id });
    await client.syncOnce();

    expect(siteRow(server.db, site.id)).toEqual({ title: 'Made offline', published: 0 });
    expect(siteSpaceCount(server.db, site.id)).toBe(1);
    expect(client.getStatus().waiting).toBe(0);
  });

  it("refuses a site changed by a member who is not an admin, and returns the workstation's copy", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const site = createSite(server.ctx, server.orgId, { title: 'Docs' });
    const now = new Date().toISOString();
    const writer = findOrCreateUser(server.db, 'writer@team.example', now, 'writer@team.example');
    insertMember(server.db, server.orgId, writer.id, 'edit', now);
    const token = generateToken();
    insertToken(server.db, writer.id, token, now);
    const client = attach(token);
    await client.syncOnce();
    expect(siteRow(workstation.db, site.id)?.title).toBe('Docs');

    const local = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    updateSiteSettings(local, server.orgId, site.id, { title: 'Renamed by a writer' });
    await client.syncOnce();

    expect(siteRow(server.db, site.id)?.title).toBe('Docs');
    expect(siteRow(workstation.db, site.id)?.title).toBe('Docs');
    expect(changesInState(workstation.db, 'refused', 10).find((c) => c.column === 'title')?.refusal).toMatch(/admin role in this organization/);
  });

  it("sends a site's customization and a site space's overrides made on a workstation to the server", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } };
    const site = createSite(server.ctx, server.orgId, { title: 'Docs' });
    const { siteSpace } = addSiteSpace(server.ctx, server.orgId, site.id, { spaceId: space.id });
    const client = attach(server.token);
    await client.syncOnce();

    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const settings = structuredClone(getSiteCustomizationForCaller(asOwner, server.orgId, site.id)) as Parameters<typeof replaceSiteCustomization>[3];
    settings.styling.primaryColor = { light: '#aa3300', dark: '#ff8844' };
    replaceSiteCustomization(asOwner, server.orgId, site.id, settings);
    overrideSiteSpaceCustomization(asOwner, server.orgId, site.id, siteSpace.id, { footer: { copyright: 'Guide terms' } });
    await client.syncOnce();

    expect(getSiteCustomizationForCaller(server.ctx, server.orgId, site.id)).toMatchObject({ styling: { primaryColor: { light: '#aa3300', dark: '#ff8844' } } });
    expect(getSiteSpaceCustomizationForCaller(server.ctx, server.orgId, site.id, siteSpace.id)).toMatchObject({
      styling: { primaryColor: { light: '#aa3300' } },
      footer: { copyright: 'Guide terms' },
    });
    expect(client.getStatus().waiting).toBe(0);
  });
});
