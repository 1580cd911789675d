import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createSite, publishSite } from '../../src-main/sites/service';
import { createSiteShareLink } from '../../src-main/sites/share-links-service';
import { resolveVisitor } from '../../src-main/sites/visitors';
import { insertMember, setMemberRole } from '../../src-main/store/members';
import { getSite } from '../../src-main/store/sites';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { useReplicas } from '../support/replicas';
import { unsealSecret } from '../../src-main/store/secret-sealer';
import type { Db } from '../../src-main/store/database';

const { serverAndWorkstation } = useReplicas();

// Keys are sealed at rest with each replica's own key (secrets/sealing.ts): compared opened.
const linkRow = (db: Db, id: string) => {
  const row = db.prepare('SELECT name, key, active FROM site_share_links WHERE id = ?').get(id) as { name: string; key: string; active: number } | undefined;
  return row && { ...row, key: unsealSecret(db, row.key) };
};

describe('site share links sync between a workstation and a team server', () => {
  it("sends a link made on a workstation to the server, where its key opens the site", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const site = createSite(server.ctx, server.orgId, { title: 'Partner docs', visibility: 'share-link' });
    publishSite(server.ctx, server.orgId, site.id);
    const client = attach(server.token);
    await client.syncOnce();

    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const { shareLink } = createSiteShareLink(asOwner, server.orgId, site.id, { name: 'Made offline' });
    await client.syncOnce();

    expect(linkRow(server.db, shareLink.id)).toEqual({ name: 'Made offline', key: shareLink.key, active: 1 });
    const access = await resolveVisitor(getSite(server.db, site.id)!, server.db, { shareKey: shareLink.key });
    expect(access).toEqual({ ok: true, claims: {}, shareLinkId: shareLink.id });
    expect(client.getStatus().waiting).toBe(0);
  });

  it("keeps share links and the site's visitor key off a non-admin's workstation until they are made an admin", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const site = createSite(server.ctx, server.orgId, { title: 'Docs', visibility: 'share-link' });
    const { shareLink } = createSiteShareLink(server.ctx, server.orgId, site.id, { name: 'Partners' });
    const now = new Date().toISOString();
    const writer = findOrCreateUser(server.db, 'writer@team.example', now, 'writer@team.example');
    insertMember(server.db, server.orgId, writer.id, 'edit', now);
    const token = generateToken();
    insertToken(server.db, writer.id, token, now);
    const client = attach(token);
    await client.syncOnce();
    expect(getSite(workstation.db, site.id)).toMatchObject({ title: 'Docs', visitor_auth_key: null });
    expect(linkRow(workstation.db, shareLink.id)).toBeUndefined();

    setMemberRole(server.db, server.orgId, writer.id, 'admin');
    await client.syncOnce();
    expect(getSite(workstation.db, site.id)?.visitor_auth_key).toBe(getSite(server.db, site.id)?.visitor_auth_key);
    expect(linkRow(workstation.db, shareLink.id)).toEqual({ name: 'Partners', key: shareLink.key, active: 1 });
  });

  it("forgets share links and the site's visitor key on a workstation whose admin is demoted, and gets them back on a promotion", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const site = createSite(server.ctx, server.orgId, { title: 'Docs', visibility: 'share-link' });
    const { shareLink } = createSiteShareLink(server.ctx, server.orgId, site.id, { name: 'Partners' });
    const now = new Date().toISOString();
    const admin = findOrCreateUser(server.db, 'lead@team.example', now, 'lead@team.example');
    insertMember(server.db, server.orgId, admin.id, 'admin', now);
    const token = generateToken();
    insertToken(server.db, admin.id, token, now);
    const client = attach(token);
    await client.syncOnce();
    const serverKey = getSite(server.db, site.id)!.visitor_auth_key;
    expect(getSite(workstation.db, site.id)?.visitor_auth_key).toBe(serverKey);
    expect(linkRow(workstation.db, shareLink.id)).toMatchObject({ key: shareLink.key });

    setMemberRole(server.db, server.orgId, admin.id, 'edit');
    await client.syncOnce();
    expect(getSite(workstation.db, site.id)).toMatchObject({ title: 'Docs', visitor_auth_key: null });
    expect(linkRow(workstation.db, shareLink.id)).toBeUndefined();
    // Nowhere in the store, the change log included; and nothing to send: the server keeps its secrets.
    const everywhere = workstation.db.prepare('SELECT COUNT(*) AS n FROM sync_changes WHERE value LIKE ? OR value LIKE ?').get(`%${serverKey}%`, `%${shareLink.key}%`);
    expect(everywhere).toEqual({ n: 0 });
    expect(client.getStatus().waiting).toBe(0);
    expect(getSite(server.db, site.id)?.visitor_auth_key).toBe(serverKey);
    expect(linkRow(server.db, shareLink.id)).toMatchObject({ key: shareLink.key });

    setMemberRole(server.db, server.orgId, admin.id, 'admin');
    await client.syncOnce();
    expect(getSite(workstation.db, site.id)?.visitor_auth_key).toBe(serverKey);
    expect(linkRow(workstation.db, shareLink.id)).toEqual({ name: 'Partners', key: shareLink.key, active: 1 });
  });

  it("refuses a link made by a member who is not an admin, and removes it from the workstation", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const site = createSite(server.ctx, server.orgId, { title: 'Docs', visibility: 'share-link' });
    const now = new Date().toISOString();
    const writer = findOrCreateUser(server.db, 'writer@team.example', now, 'writer@team.example');
    insertMember(server.db, server.orgId, writer.id, 'edit', now);
    const token = generateToken();
    insertToken(server.db, writer.id, token, now);
    const client = attach(token);
    await client.syncOnce();

    // The workstation's own rules are the owner's there: the link is made, then refused by the server.
    const local = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const { shareLink } = createSiteShareLink(local, server.orgId, site.id, { name: 'Sneaky' });
    await client.syncOnce();

    expect(linkRow(server.db, shareLink.id)).toBeUndefined();
    expect(linkRow(workstation.db, shareLink.id)).toBeUndefined();
    expect(changesInState(workstation.db, 'refused', 10).find((c) => c.column === 'key')?.refusal).toMatch(/admin role in this organization/);
  });
});
