import { describe, expect, it } from 'vitest';
import { openApp, serviceContext } from '../../src-main/app/app';
import { createPage } from '../../src-main/content/pages-service';
import { getSpace } from '../../src-main/store/spaces';
import { getUserById } from '../../src-main/store/users';
import { manualClock } from '../support/clock';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const clock = manualClock();
const server = useTestServer({ clock });

async function deletedSpace() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Trash me' })).body;
  expect((await server.api.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
  return { org, space };
}

describe('deleting and restoring spaces', () => {
  it('marks a deleted space with deletedAt and hides it from lists', async () => {
    const { org, space } = await deletedSpace();
    const res = await server.api.get(`/v1/spaces/${space.id}`);
    expect(res.body.deletedAt).toBe(clock.now().toISOString());
    expect((await server.api.get(`/v1/orgs/${org.id}/spaces`)).body.count).toBe(0);
    expect((await server.api.patch(`/v1/spaces/${space.id}`, { title: 'x' })).status).toBe(404);
  });

  it('restores a space deleted 6 days ago', async () => {
    const { org, space } = await deletedSpace();
    clock.advanceDays(6);
    const res = await server.api.post(`/v1/spaces/${space.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.deletedAt).toBeUndefined();
    expect((await server.api.get(`/v1/orgs/${org.id}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([space.id]);
  });

  it('cannot restore a space deleted 8 days ago, which is then gone', async () => {
    const { space } = await deletedSpace();
    clock.advanceDays(8);
    expect((await server.api.post(`/v1/spaces/${space.id}/restore`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${space.id}`)).status).toBe(404);
  });

  it('returns 409 when restoring a space that is not deleted', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body;
    expect((await server.api.post(`/v1/spaces/${space.id}/restore`)).status).toBe(409);
  });

  it('purges spaces past the 7 days, with their content, when the store opens', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'With content' })).body;
    const user = getUserById(server.app.db, server.owner.id)!;
    createPage(serviceContext(server.app, user), space.id, { title: 'Page', markdown: 'body' });
    await server.api.delete(`/v1/spaces/${space.id}`);
    const documents = () =>
      server.app.db.prepare('SELECT COUNT(*) AS n FROM ydocs WHERE doc_id LIKE ?').get(`%${space.id}%`) as { n: number };
    expect(documents().n).toBe(2);
    clock.advanceDays(6);
    // A second app on the same data directory runs the start-up purge with the same clock.
    openApp({ dataDir: server.dataDir, clock }).close();
    expect(getSpace(server.app.db, space.id)).toBeDefined();
    clock.advanceDays(2);
    openApp({ dataDir: server.dataDir, clock }).close();
    expect(getSpace(server.app.db, space.id)).toBeUndefined();
    expect(documents().n).toBe(0);
  });

  it('brings a restored space back at the root when its collection was deleted', async () => {
    const org = await newOrganization(server);
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Doomed' })).body;
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { parent: collection.id })).body;
    expect((await server.api.delete(`/v1/collections/${collection.id}`)).status).toBe(205);
    expect((await server.api.get(`/v1/spaces/${space.id}`)).body.deletedAt).toBeDefined();
    const restored = await server.api.post(`/v1/spaces/${space.id}/restore`);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe('private');
  });
});
