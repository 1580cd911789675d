import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

/** A site with two sections (Guide and API), made through /v1. */
async function seeded() {
  const org = await newOrganization(server, 'tRPC section groups');
  const guide = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
  const api = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body;
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: [guide.id] })).body;
  const sitePath = `/v1/orgs/${org.id}/sites/${site.id}`;
  await server.api.post(`${sitePath}/sections`, { spaceId: api.id });
  const sections = (await server.api.get(`${sitePath}/sections`)).body.items as Array<{ id: string; title: string }>;
  return { org, site, sitePath, ref: { organizationId: org.id, siteId: site.id }, guideSection: sections[0]!, apiSection: sections[1]! };
}

type Item = { object: string; id: string; title: string; sections?: Array<{ id: string }> };
const structureOf = async (sitePath: string) => (await server.api.get(`${sitePath}/structure`)).body.structure as Item[];
const groupIn = async (sitePath: string, id: string) => (await structureOf(sitePath)).find((item) => item.id === id);

describe('section group procedures over HTTP', () => {
  it('create, update, addSection, removeSection and delete answer what /v1 then shows', async () => {
    const { sitePath, ref, guideSection, apiSection } = await seeded();

    const created = await owner().sites.sectionGroups.add.mutate({ ...ref, title: 'Products', sections: [apiSection.id] });
    expect(created).toEqual((await server.api.get(`${sitePath}/section-groups`)).body.items[0]);
    expect(created).toEqual(await groupIn(sitePath, created.id));
    expect(created.sections.map((s) => s.id)).toEqual([apiSection.id]);

    const renamed = await owner().sites.sectionGroups.update.mutate({ ...ref, siteSectionGroupId: created.id, title: 'Platform', icon: 'box' });
    expect(renamed).toEqual(await groupIn(sitePath, created.id));
    expect(renamed).toMatchObject({ title: 'Platform', icon: 'box' });

    const added = await owner().sites.sectionGroups.addSection.mutate({ ...ref, siteSectionGroupId: created.id, sectionId: guideSection.id });
    expect(added).toEqual(await groupIn(sitePath, created.id));
    expect(added.sections.map((s) => s.id)).toEqual([apiSection.id, guideSection.id]);

    const removed = await owner().sites.sectionGroups.removeSection.mutate({ ...ref, siteSectionGroupId: created.id, siteSectionId: guideSection.id });
    expect(removed).toEqual({ removed: true });
    expect((await structureOf(sitePath)).map((item) => item.id)).toEqual([created.id, guideSection.id]);
    const again = await owner().sites.sectionGroups.removeSection.mutate({ ...ref, siteSectionGroupId: created.id, siteSectionId: guideSection.id });
    expect(again).toEqual({ removed: false });

    expect(await owner().sites.sectionGroups.delete.mutate({ ...ref, siteSectionGroupId: created.id })).toEqual({ deleted: true });
    expect((await structureOf(sitePath)).map((item) => item.id)).toEqual([apiSection.id, guideSection.id]);
    expect(await owner().sites.sectionGroups.delete.mutate({ ...ref, siteSectionGroupId: created.id })).toEqual({ deleted: false });
  });

  it('refuses what /v1 refuses, in the same words', async () => {
    const { org, sitePath, ref } = await seeded();
    const viaRest = await server.api.post(`${sitePath}/section-groups`, { title: '' });
    expect(viaRest.status).toBe(400);
    const tooShort = await trpcError(owner().sites.sectionGroups.add.mutate({ ...ref, title: '' }));
    expect(tooShort).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: viaRest.body.error.message });
    expect(tooShort.message).toMatch(/^title: /);

    const group = await owner().sites.sectionGroups.add.mutate({ ...ref, title: 'Empty' });
    const missingRest = await server.api.post(`${sitePath}/section-groups/${group.id}/sections`, { sectionId: 'missing' });
    const missing = await trpcError(owner().sites.sectionGroups.addSection.mutate({ ...ref, siteSectionGroupId: group.id, sectionId: 'missing' }));
    expect(missing).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: missingRest.body.error.message });
    expect(missing.message).toMatch(/^sectionId: /);

    const unknownRest = await server.api.patch(`${sitePath}/section-groups/nope`, { title: 'X' });
    const unknown = await trpcError(owner().sites.sectionGroups.update.mutate({ ...ref, siteSectionGroupId: 'nope', title: 'X' }));
    expect(unknown).toEqual({ code: 'NOT_FOUND', httpStatus: 404, message: unknownRest.body.error.message });

    const reader = await org.member('read', 'group-reader');
    const forbiddenRest = await reader.api.post(`${sitePath}/section-groups`, { title: 'Mine' });
    expect(forbiddenRest.status).toBe(403);
    const forbidden = await trpcError(trpcClient(server.url, reader.token).sites.sectionGroups.add.mutate({ ...ref, title: 'Mine' }));
    expect(forbidden).toEqual({ code: 'FORBIDDEN', httpStatus: 403, message: forbiddenRest.body.error.message });
    expect((await server.api.get(`${sitePath}/section-groups`)).body.count).toBe(1);
  });
});
