import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { type Host, startHost } from '../../src-main/http/server';
import { addGroup } from '../../src-main/sites/section-groups-service';
import { addSection, updateSectionSettings } from '../../src-main/sites/sections-service';
import { createSite } from '../../src-main/sites/service';
import { sortStructure } from '../../src-main/sites/structure-service';
import { createSpace } from '../../src-main/spaces/service';
import { insertMember } from '../../src-main/store/members';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { type Replica, useReplicas } from '../support/replicas';

const { openReplica, cleanup } = useReplicas();

type Db = Replica['db'];

async function serverWithHost() {
  const server = openReplica('server', 'owner@team.example');
  const host: Host = await startHost(server.app, { port: 0 });
  cleanup.push(() => host.close());
  const attach = (workstation: Replica, token: string) => {
    const client = new SyncClient(workstation.app, { url: host.url, token }, { minBackoffMs: 20, maxBackoffMs: 200 });
    cleanup.push(() => client.stop());
    return client;
  };
  return { server, attach };
}

const sections = (db: Db, siteId: string) =>
  db.prepare('SELECT id, title, path, section_group_id, position FROM site_sections WHERE site_id = ? ORDER BY title').all(siteId) as Array<{
    id: string;
    title: string;
    path: string;
    section_group_id: string | null;
    position: number;
  }>;
const siteSpaceSections = (db: Db, siteId: string) =>
  (db.prepare('SELECT section_id FROM site_spaces WHERE site_id = ? ORDER BY seq').all(siteId) as Array<{ section_id: string | null }>).map((r) => r.section_id);
const defaultSection = (db: Db, siteId: string) =>
  (db.prepare('SELECT default_site_section_id AS id FROM sites WHERE id = ?').get(siteId) as { id: string | null } | undefined)?.id;

describe('site sections sync', () => {
  it('sends sections, groups and their order made on one workstation to the server and on to another workstation', async () => {
    const { server, attach } = await serverWithHost();
    const guide = (createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } }).space.id;
    const api = (createSpace(server.ctx, server.orgId, { title: 'API' }) as unknown as { space: { id: string } }).space.id;
    const site = createSite(server.ctx, server.orgId, { title: 'Docs', spaces: [guide] });
    const laptop = openReplica('laptop', 'me@laptop.local');
    const desktop = openReplica('desktop', 'me@desktop.local');
    const fromLaptop = attach(laptop, server.token);
    const fromDesktop = attach(desktop, server.token);
    await fromLaptop.syncOnce();
    await fromDesktop.syncOnce();

    const asOwner = serviceContext(laptop.app, getUserById(laptop.db, server.owner.id)!);
    const added = addSection(asOwner, server.orgId, site.id, { spaceId: api, title: 'Reference' });
    const group = addGroup(asOwner, server.orgId, site.id, { title: 'Products', sections: [added.node.section.id] });
    sortStructure(asOwner, server.orgId, site.id, { type: 'site-section-group', id: group.group.id }, { before: { type: 'site-section', id: added.site.default_site_section_id! } });
    await fromLaptop.syncOnce();
    await fromDesktop.syncOnce();

    const expected = sections(laptop.db, site.id);
    expect(expected.map((s) => s.title)).toEqual(['Guide', 'Reference']);
    expect(expected.find((s) => s.title === 'Reference')?.section_group_id).toBe(group.group.id);
    for (const db of [server.db, desktop.db]) {
      expect(sections(db, site.id)).toEqual(expected);
      expect(siteSpaceSections(db, site.id)).toEqual(siteSpaceSections(laptop.db, site.id));
      expect(defaultSection(db, site.id)).toBe(defaultSection(laptop.db, site.id));
    }
    expect(fromLaptop.getStatus().waiting).toBe(0);
  });

  it("refuses a section changed by a member who is not an admin, and returns the workstation's copy", async () => {
    const { server, attach } = await serverWithHost();
    const guide = (createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } }).space.id;
    const site = createSite(server.ctx, server.orgId, { title: 'Docs' });
    const { node } = addSection(server.ctx, server.orgId, site.id, { spaceId: guide });
    const now = new Date().toISOString();
    const writer = findOrCreateUser(server.db, 'writer@team.example', now, 'writer@team.example');
    insertMember(server.db, server.orgId, writer.id, 'edit', now);
    const token = generateToken();
    insertToken(server.db, writer.id, token, now);
    const workstation = openReplica('workstation', 'writer@laptop.local');
    const client = attach(workstation, token);
    await client.syncOnce();
    expect(sections(workstation.db, site.id).map((s) => s.title)).toEqual(['Guide']);

    const local = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    updateSectionSettings(local, server.orgId, site.id, node.section.id, { title: 'Renamed by a writer' });
    await client.syncOnce();

    expect(sections(server.db, site.id).map((s) => s.title)).toEqual(['Guide']);
    expect(sections(workstation.db, site.id).map((s) => s.title)).toEqual(['Guide']);
    expect(changesInState(workstation.db, 'refused', 10).find((c) => c.column === 'title')?.refusal).toMatch(/admin role in this organization/);
  });
});
