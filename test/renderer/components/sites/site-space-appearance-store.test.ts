import { describe, expect, it, vi } from 'vitest';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { appearanceDraftOf, type SiteCustomizationSettings } from '../../../../src-renderer/src/components/sites/site-appearance-store';
import { createSiteSpaceAppearanceStore } from '../../../../src-renderer/src/components/sites/site-space-appearance-store';
import { hasOverrides, overridesOf, siteSpaceChoices } from '../../../../src-renderer/src/components/sites/site-space-overrides';
import type { SiteStructure } from '../../../../src-renderer/src/components/sites/sites-model';
import { newOrganization } from '../../../support/org';
import { useTestServer } from '../../../support/server';
import { trpcClient } from '../../../trpc/client';

// The Appearance section for one site space, against the real server through the tRPC client the renderer
// uses; /v1 is asked what it now answers.

const server = useTestServer();

async function setup(role: 'owner' | 'edit' = 'owner') {
  const org = await newOrganization(server);
  const spaces = [];
  for (const title of ['Guide', 'API']) spaces.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body as { id: string });
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: spaces.map((s) => s.id) })).body as { id: string };
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  const siteSpaces = (await server.api.get(`${url}/site-spaces`)).body.items as Array<{ id: string; title: string }>;
  const api = siteSpaces.find((s) => s.title === 'API')!;
  const guide = siteSpaces.find((s) => s.title === 'Guide')!;

  const token = role === 'owner' ? server.owner.token : (await org.member(role)).token;
  const trpc = trpcClient(server.url, token);
  const calls = trpc.sites.customization;
  // The store's slice of the real client, its patches recorded.
  const overrideSiteSpace = vi.fn((input: Parameters<typeof calls.overrideSiteSpace.mutate>[0]) => calls.overrideSiteSpace.mutate(input));
  const client = { sites: { customization: { getSiteSpace: calls.getSiteSpace, overrideSiteSpace: { mutate: overrideSiteSpace }, deleteSiteSpace: calls.deleteSiteSpace } } };
  const store = createSiteSpaceAppearanceStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() });
  const ref = { organizationId: org.id, siteId: site.id, siteSpaceId: api.id };
  const v1 = {
    site: async () => (await server.api.get(`${url}/customization`)).body as SiteCustomizationSettings,
    siteSpace: async (id = api.id) => (await server.api.get(`${url}/site-spaces/${id}/customization`)).body as SiteCustomizationSettings,
  };
  return { store, ref, url, api, guide, v1, overrideSiteSpace, patches: () => overrideSiteSpace.mock.calls.map(([input]) => input.overrides) };
}

const loaded = (state: { customization: { status: string; value?: SiteCustomizationSettings } }) => {
  if (state.customization.status !== 'ready') throw new Error(`customization is ${state.customization.status}`);
  return state.customization.value!;
};

describe('the site space appearance store', () => {
  it("loads the settings in effect on the site space's pages, as /v1 answers them", async () => {
    const { store, ref, url, v1 } = await setup();
    await server.api.patch(`${url}/site-spaces/${ref.siteSpaceId}/customization`, { title: 'Acme API' });

    await store.getState().load(ref);

    const settings = loaded(store.getState());
    expect(settings).toEqual(await v1.siteSpace());
    expect(settings.title).toBe('Acme API');
    expect(hasOverrides(await v1.site(), settings)).toBe(true);
  });

  it('sends only the changed fields as overrides, which /v1 then answers for that site space alone', async () => {
    const { store, ref, guide, v1, patches } = await setup();
    const site = await v1.site();
    await store.getState().load(ref);
    expect(hasOverrides(site, loaded(store.getState()))).toBe(false);

    const draft = { ...appearanceDraftOf(loaded(store.getState())), primaryLight: '#aa3300', pagination: false };
    expect(await store.getState().save(site, draft)).toBe(true);

    expect(patches()).toEqual([{ styling: { primaryColor: { light: '#aa3300', dark: '#346DDB' } }, pagination: { enabled: false } }]);
    const after = await v1.siteSpace();
    expect(after).toEqual({ ...site, styling: { ...site.styling, primaryColor: { light: '#aa3300', dark: '#346DDB' } }, pagination: { enabled: false } });
    expect(loaded(store.getState())).toEqual(after);
    expect(store.getState()).toMatchObject({ pending: { save: false }, errors: {}, notice: 'Saved this site space’s appearance.' });
    expect(await v1.site()).toEqual(site);
    expect(await v1.siteSpace(guide.id)).toEqual(site);

    // A second save sends only what changed since: the color stays overridden.
    expect(await store.getState().save(site, { ...appearanceDraftOf(after), title: 'Acme API', defaultTheme: 'dark' })).toBe(true);
    expect(patches()[1]).toEqual({ title: 'Acme API', themes: { default: 'dark' } });
    expect(await v1.siteSpace()).toMatchObject({ title: 'Acme API', styling: { primaryColor: { light: '#aa3300' } }, themes: { default: 'dark', toggeable: true } });
  });

  it("gives a field back to the site (null) when it is set to the site's value again", async () => {
    const { store, ref, v1, patches } = await setup();
    const site = await v1.site();
    await store.getState().load(ref);
    await store.getState().save(site, { ...appearanceDraftOf(site), primaryDark: '#112233', copyright: 'API terms' });

    expect(await store.getState().save(site, { ...appearanceDraftOf(loaded(store.getState())), primaryDark: '#346DDB', copyright: '' })).toBe(true);

    expect(patches()[1]).toEqual({ styling: { primaryColor: null }, footer: { copyright: null } });
    expect(await v1.siteSpace()).toEqual(site);
    expect(hasOverrides(site, loaded(store.getState()))).toBe(false);
  });

  it("turns the site's banner off for the site space alone, and hides the site's copyright with an empty one", async () => {
    const { store, ref, url, guide, v1, patches } = await setup();
    const defaults = await v1.site();
    await server.api.put(`${url}/customization`, {
      ...defaults,
      announcement: { enabled: true, message: 'Version 2 is out', style: 'info' },
      footer: { ...defaults.footer, copyright: '© Acme' },
    });
    const site = await v1.site();
    await store.getState().load(ref);

    expect(await store.getState().save(site, { ...appearanceDraftOf(site), announcementEnabled: false, copyright: '' })).toBe(true);

    expect(patches()).toEqual([{ footer: { copyright: '' }, announcement: { enabled: false, message: 'Version 2 is out', style: 'info' } }]);
    const after = await v1.siteSpace();
    expect(after.announcement).toEqual({ enabled: false, message: 'Version 2 is out', style: 'info' });
    expect(after.footer.copyright).toBe('');
    expect(await v1.siteSpace(guide.id)).toEqual(site);
  });

  it("uses the site's appearance again after a reset, which /v1 then answers", async () => {
    const { store, ref, url, v1 } = await setup();
    const site = await v1.site();
    await store.getState().load(ref);
    await store.getState().save(site, { ...appearanceDraftOf(site), primaryLight: '#aa3300', title: 'Acme API' });
    expect(await v1.siteSpace()).not.toEqual(site);

    expect(await store.getState().reset()).toBe(true);

    expect(await v1.siteSpace()).toEqual(site);
    expect(loaded(store.getState())).toEqual(site);
    expect(store.getState()).toMatchObject({ pending: { reset: false }, errors: {}, notice: 'This site space uses the site’s appearance again.' });
    // Nothing is left to remove.
    expect((await server.api.delete(`${url}/site-spaces/${ref.siteSpaceId}/customization`)).status).toBe(204);
  });

  it('refuses a draft the server would refuse, naming the field, and sends nothing', async () => {
    const { store, ref, v1, overrideSiteSpace } = await setup();
    const site = await v1.site();
    await store.getState().load(ref);

    expect(await store.getState().save(site, { ...appearanceDraftOf(site), title: 'A' })).toBe(false);
    expect(store.getState().errors.save).toMatch(/^title:/);
    expect(await store.getState().save(site, { ...appearanceDraftOf(site), announcementEnabled: true, announcementMessage: ' ' })).toBe(false);
    expect(store.getState().errors.save).toMatch(/^announcement\.message:/);

    expect(overrideSiteSpace).not.toHaveBeenCalled();
    expect(await v1.siteSpace()).toEqual(site);
  });

  it('refuses a member who is not an admin, in the server’s words, and changes nothing', async () => {
    const { store, ref, url, v1 } = await setup('edit');
    await server.api.patch(`${url}/site-spaces/${ref.siteSpaceId}/customization`, { title: 'Acme API' });
    const site = await v1.site();
    const before = await v1.siteSpace();
    await store.getState().load(ref);
    expect(loaded(store.getState())).toEqual(before);

    expect(await store.getState().save(site, { ...appearanceDraftOf(before), pagination: false })).toBe(false);
    expect(store.getState().errors.save).toMatch(/admin/);
    expect(await store.getState().reset()).toBe(false);
    expect(store.getState().errors.reset).toMatch(/admin/);

    expect(await v1.siteSpace()).toEqual(before);
  });
});

describe('the site space choices and overrides', () => {
  it('names site spaces by their space, with the section when two share a title', () => {
    const space = (id: string, title: string) => ({ object: 'site-space', id, title });
    const structure = {
      type: 'sections',
      structure: [
        { object: 'site-section', title: 'Product', siteSpaces: [space('a', 'Guide'), space('b', 'v1')] },
        { object: 'site-section-group', title: 'More', sections: [{ object: 'site-section', title: 'Legacy', siteSpaces: [space('c', 'v1')] }] },
      ],
    } as unknown as SiteStructure;

    expect(siteSpaceChoices(structure)).toEqual([
      { id: 'a', label: 'Guide' },
      { id: 'b', label: 'v1 (Product)' },
      { id: 'c', label: 'v1 (Legacy)' },
    ]);
  });

  it('sends nothing for a draft that changes nothing', () => {
    const settings = {
      title: 'Docs',
      styling: { primaryColor: { light: '#346DDB', dark: '#346DDB' } },
      themes: { default: 'light', toggeable: true },
      footer: { groups: [] },
      pagination: { enabled: true },
    } as unknown as SiteCustomizationSettings;
    expect(overridesOf(settings, settings, appearanceDraftOf(settings))).toEqual({ overrides: {} });
  });
});
