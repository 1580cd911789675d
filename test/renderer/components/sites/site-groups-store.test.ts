import { describe, expect, it, vi } from 'vitest';
import { siteSectionGroupTitle } from '../../../../src-shared/schemas/site-sections';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { checkGroupTitle, createSiteGroupsStore, GROUP_TITLE_MAX, GROUP_TITLE_MIN } from '../../../../src-renderer/src/components/sites/site-groups-store';
import { createSitesStore } from '../../../../src-renderer/src/components/sites/sites-store';
import { newOrganization } from '../../../support/org';
import { useTestServer } from '../../../support/server';
import { trpcClient } from '../../../trpc/client';

// The section group actions of the Sites screen against the real server, through the tRPC client the
// renderer uses: each change is checked against /v1's structure, which the Sites store then shows.

const server = useTestServer();

type Item = { object: string; id: string; title: string; sections?: Array<{ id: string }> };

/** An open site with two sections (Guide, API), or only its root space with `sections: false`. */
async function setup({ role = 'owner', sections = true }: { role?: 'owner' | 'edit'; sections?: boolean } = {}) {
  const org = await newOrganization(server);
  const guide = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
  const api = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body;
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: [guide.id] })).body as { id: string };
  const sitePath = `/v1/orgs/${org.id}/sites/${site.id}`;
  if (sections) await server.api.post(`${sitePath}/sections`, { spaceId: api.id });
  const token = role === 'owner' ? server.owner.token : (await org.member(role)).token;
  const trpc = trpcClient(server.url, token);
  // The groups' writes counted, to see which the store refuses before asking.
  const create = vi.fn((input: Parameters<typeof trpc.sites.sectionGroups.add.mutate>[0]) => trpc.sites.sectionGroups.add.mutate(input));
  const { update, delete: remove, addSection, removeSection } = trpc.sites.sectionGroups;
  const client = { sites: { sectionGroups: { add: { mutate: create }, update, delete: remove, addSection, removeSection } } };
  const deps = { onUnauthorized: vi.fn(), navigation: createNavigationStore() };
  const sites = createSitesStore({ ...deps, client: trpc });
  const groups = createSiteGroupsStore({ ...deps, client, sites });
  await sites.getState().show(org.id, site.id);
  const v1 = async () => (await server.api.get(`${sitePath}/structure`)).body as { type: string; structure: Item[] };
  const shown = () => {
    const load = sites.getState().structure;
    if (load.status !== 'ready') throw new Error(`structure is ${load.status}`);
    return load.value;
  };
  const sectionIds = (await v1()).structure.map((item) => item.id);
  return { org, site, sitePath, sites, groups, create, v1, shown, guideId: sectionIds[0]!, apiId: sectionIds[1]! };
}

describe('the site groups store', () => {
  it('creates an empty group at the end, and the structure shown is /v1’s', async () => {
    const { groups, v1, shown, guideId, apiId } = await setup();
    expect(await groups.getState().createGroup('  Products  ')).toBe(true);
    const structure = await v1();
    expect(structure.structure.map((item) => [item.object, item.title])).toEqual([
      ['site-section', 'Guide'],
      ['site-section', 'API'],
      ['site-section-group', 'Products'],
    ]);
    expect(structure.structure.map((item) => item.id).slice(0, 2)).toEqual([guideId, apiId]);
    expect(shown()).toEqual(structure);
    expect(groups.getState().notice).toBe('Created the group “Products”.');
  });

  it('moves a section into a group, takes it out to just after the group, and /v1 agrees each time', async () => {
    const { groups, v1, shown, guideId, apiId } = await setup();
    await groups.getState().createGroup('Products');
    const groupId = (await v1()).structure[2]!.id;

    expect(await groups.getState().moveIntoGroup(guideId, groupId)).toBe(true);
    let structure = await v1();
    expect(structure.structure.map((item) => item.id)).toEqual([apiId, groupId]);
    expect(structure.structure[1]!.sections!.map((s) => s.id)).toEqual([guideId]);
    expect(shown()).toEqual(structure);
    expect(groups.getState().notice).toBe('Moved “Guide” into the group “Products”.');

    expect(await groups.getState().takeOutOfGroup(guideId)).toBe(true);
    structure = await v1();
    expect(structure.structure.map((item) => item.id)).toEqual([apiId, groupId, guideId]);
    expect(structure.structure[1]!.sections).toEqual([]);
    expect(shown()).toEqual(structure);
    expect(groups.getState().notice).toBe('Took “Guide” out of the group “Products”.');
  });

  it('renames a group, and deleting it leaves its sections at the top level where it was', async () => {
    const { groups, v1, shown, guideId, apiId } = await setup();
    await groups.getState().createGroup('Products');
    const groupId = (await v1()).structure[2]!.id;
    await groups.getState().moveIntoGroup(apiId, groupId);

    expect(await groups.getState().renameGroup(groupId, 'Platform')).toBe(true);
    expect((await v1()).structure[1]).toMatchObject({ id: groupId, title: 'Platform' });
    expect(shown()).toEqual(await v1());

    expect(await groups.getState().deleteGroup(groupId)).toBe(true);
    const structure = await v1();
    expect(structure.structure.map((item) => item.id)).toEqual([guideId, apiId]);
    expect(shown()).toEqual(structure);
    expect(groups.getState().notice).toBe('Deleted the group “Platform”; its sections stay in the site.');
  });

  it('refuses a title out of the server’s bounds before asking, naming the field first', async () => {
    const { groups, create, v1 } = await setup();
    expect(await groups.getState().createGroup('   ')).toBe(false);
    expect(groups.getState().errors.create).toBe(`title: a group’s title has ${GROUP_TITLE_MIN} to ${GROUP_TITLE_MAX} characters`);
    expect(await groups.getState().createGroup('x'.repeat(GROUP_TITLE_MAX + 1))).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect((await v1()).structure).toHaveLength(2);
    // The same bounds as the server's schema.
    for (const title of ['x'.repeat(GROUP_TITLE_MIN), 'x'.repeat(GROUP_TITLE_MAX), '', 'x'.repeat(GROUP_TITLE_MAX + 1)]) {
      expect('title' in checkGroupTitle(title)).toBe(siteSectionGroupTitle.safeParse(title).success);
    }
  });

  it('refuses a group on a site without sections, in the server’s words', async () => {
    const { groups, create, sitePath } = await setup({ sections: false });
    const viaRest = await server.api.post(`${sitePath}/section-groups`, { title: 'Products' });
    expect(viaRest.status).toBe(400);
    expect(await groups.getState().createGroup('Products')).toBe(false);
    expect(groups.getState().errors.create).toBe(viaRest.body.error.message);
    expect(create).not.toHaveBeenCalled();
  });

  it("shows the server's refusal to a member who is not an admin, and the structure stays", async () => {
    const { groups, create, v1 } = await setup({ role: 'edit' });
    expect(await groups.getState().createGroup('Mine')).toBe(false);
    expect(create).toHaveBeenCalledTimes(1);
    expect(groups.getState().errors.create).toMatch(/admin/);
    expect((await v1()).structure.map((item) => item.object)).toEqual(['site-section', 'site-section']);
  });

  it('forgets its errors and notice when another site opens', async () => {
    const { org, groups, sites } = await setup();
    await groups.getState().createGroup('');
    expect(groups.getState().errors.create).toBeDefined();
    const other = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Other' })).body as { id: string };
    await sites.getState().show(org.id, other.id);
    expect(groups.getState().errors).toEqual({});
  });
});
