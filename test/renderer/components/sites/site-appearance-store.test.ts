import { describe, expect, it, vi } from 'vitest';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import {
  applyDraft,
  appearanceDraftOf,
  createSiteAppearanceStore,
  draftChanged,
  type SiteCustomizationSettings,
} from '../../../../src-renderer/src/components/sites/site-appearance-store';
import { newOrganization } from '../../../support/org';
import { useTestServer } from '../../../support/server';
import { trpcClient } from '../../../trpc/client';

// The Appearance section's store against the real server, through the tRPC client the renderer uses.

const server = useTestServer();

async function setup(role: 'owner' | 'edit' = 'owner', title = 'Docs') {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title })).body as { id: string };
  const token = role === 'owner' ? server.owner.token : (await org.member(role)).token;
  const trpc = trpcClient(server.url, token);
  // The store's slice of the real client, its writes counted.
  const replace = vi.fn((input: Parameters<typeof trpc.sites.customization.replace.mutate>[0]) => trpc.sites.customization.replace.mutate(input));
  const client = { sites: { customization: { get: { query: trpc.sites.customization.get.query }, replace: { mutate: replace } } } };
  const onUnauthorized = vi.fn();
  const store = createSiteAppearanceStore({ client, onUnauthorized, navigation: createNavigationStore() });
  const ref = { organizationId: org.id, siteId: site.id };
  const stored = () => trpcClient(server.url, server.owner.token).sites.customization.get.query(ref);
  return { store, ref, stored, client, replace };
}

const loaded = (state: { customization: { status: string; value?: SiteCustomizationSettings } }) => {
  if (state.customization.status !== 'ready') throw new Error(`customization is ${state.customization.status}`);
  return state.customization.value!;
};

describe('the site appearance store', () => {
  it("loads the site's settings, GitBook's defaults and the site's title filled in", async () => {
    const { store, ref, stored } = await setup();
    await store.getState().load(ref);
    const settings = loaded(store.getState());
    expect(settings).toEqual(await stored());
    expect(appearanceDraftOf(settings)).toEqual({
      title: 'Docs',
      primaryLight: '#346DDB',
      primaryDark: '#346DDB',
      defaultTheme: 'light',
      followSystem: true,
      announcementEnabled: false,
      announcementMessage: '',
      announcementStyle: 'info',
      copyright: '',
      pagination: true,
    });
  });

  it('saves the edited fields with the rest of the settings, which the server then answers', async () => {
    const { store, ref, stored } = await setup();
    await store.getState().load(ref);
    const before = loaded(store.getState());
    const draft = {
      ...appearanceDraftOf(before),
      title: '  Acme Docs  ',
      primaryLight: '#aa3300',
      primaryDark: '#ff8844',
      defaultTheme: 'dark' as const,
      followSystem: false,
      announcementEnabled: true,
      announcementMessage: 'Version 2 is out',
      announcementStyle: 'warning' as const,
      copyright: '© Acme',
      pagination: false,
    };
    expect(draftChanged(before, draft)).toBe(true);

    expect(await store.getState().save(draft)).toBe(true);

    const after = await stored();
    expect(after).toEqual({
      ...before,
      title: 'Acme Docs',
      styling: { ...before.styling, primaryColor: { light: '#aa3300', dark: '#ff8844' } },
      themes: { default: 'dark', toggeable: false },
      announcement: { enabled: true, message: 'Version 2 is out', style: 'warning' },
      footer: { ...before.footer, copyright: '© Acme' },
      pagination: { enabled: false },
    });
    expect(loaded(store.getState())).toEqual(after);
    expect(store.getState()).toMatchObject({ pending: { save: false }, errors: {}, notice: 'Saved the site’s appearance.' });
    expect(draftChanged(after, appearanceDraftOf(after))).toBe(false);
  });

  it('keeps the settings it does not edit, and drops a banner turned off with its message cleared', async () => {
    const { store, ref, stored, client } = await setup();
    const defaults = await stored();
    await client.sites.customization.replace.mutate({
      ...ref,
      customization: {
        ...defaults,
        styling: { ...defaults.styling, corners: 'circular' },
        announcement: { enabled: true, message: 'Old news', style: 'info', link: { title: 'Read', to: { kind: 'url', url: 'https://acme.example/news' } } },
      },
    });
    await store.getState().load(ref);
    const settings = loaded(store.getState());

    expect(await store.getState().save({ ...appearanceDraftOf(settings), announcementMessage: 'New news' })).toBe(true);
    let after = await stored();
    expect(after.styling.corners).toBe('circular');
    expect(after.announcement).toEqual({ enabled: true, message: 'New news', style: 'info', link: { title: 'Read', to: { kind: 'url', url: 'https://acme.example/news' } } });

    expect(await store.getState().save({ ...appearanceDraftOf(loaded(store.getState())), announcementEnabled: false, announcementMessage: '' })).toBe(true);
    after = await stored();
    expect(after.announcement).toBeUndefined();
    expect(after.styling.corners).toBe('circular');
  });

  it('says the banner needs a message instead of sending one turned on without it', async () => {
    const { store, ref, stored, replace } = await setup();
    await store.getState().load(ref);
    const before = await stored();

    expect(await store.getState().save({ ...appearanceDraftOf(loaded(store.getState())), announcementEnabled: true, announcementMessage: '  ' })).toBe(false);

    expect(store.getState().errors.save).toMatch(/^announcement\.message: write the banner’s message/);
    expect(replace).not.toHaveBeenCalled();
    expect(await stored()).toEqual(before);
  });

  it('shows the server’s error for settings it refuses, and changes nothing', async () => {
    const { store, ref, stored, replace } = await setup();
    await store.getState().load(ref);
    const before = loaded(store.getState());

    const saved = await store.getState().replace({ ...before, announcement: { enabled: true, message: 'x', style: 'info' } });

    expect(saved).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(store.getState().errors.save).toMatch(/announcement\.message/);
    expect(store.getState()).toMatchObject({ pending: { save: false }, notice: undefined });
    expect(loaded(store.getState())).toEqual(before);
    expect(await stored()).toEqual(before);
  });

  it('refuses a member who is not an admin, in the server’s words, and changes nothing', async () => {
    const { store, ref, stored } = await setup('edit');
    await store.getState().load(ref);
    const before = loaded(store.getState());

    expect(await store.getState().save({ ...appearanceDraftOf(before), pagination: false })).toBe(false);

    expect(store.getState().errors.save).toMatch(/admin/);
    expect(await stored()).toEqual(before);
  });

  it('drops an answer for a site that is no longer shown', async () => {
    const first = await setup();
    const other = await setup('owner', 'Handbook');
    // The first site's answer is held back until the second site is shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const client = {
      sites: {
        customization: {
          get: {
            query: async (input: { organizationId: string; siteId: string }) => {
              const answer = await first.client.sites.customization.get.query(input);
              if (input.siteId === first.ref.siteId) await held;
              return answer;
            },
          },
          replace: first.client.sites.customization.replace,
        },
      },
    };
    const store = createSiteAppearanceStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() });

    const late = store.getState().load(first.ref);
    await store.getState().load(other.ref);
    release();
    await late;

    expect(store.getState().site).toEqual(other.ref);
    expect(loaded(store.getState()).title).toBe('Handbook');
  });
});

describe('the appearance form’s rules', () => {
  const settings = {
    title: 'Docs',
    styling: { primaryColor: { light: '#346DDB', dark: '#346DDB' } },
    themes: { default: 'light', toggeable: true },
    footer: { groups: [] },
    pagination: { enabled: true },
  } as unknown as SiteCustomizationSettings;
  const draft = appearanceDraftOf(settings);

  it.each([
    ['a title of one character', { title: ' A ' }, /^title:/],
    ['a title of 129 characters', { title: 'a'.repeat(129) }, /^title:/],
    ['a color that is not hex', { primaryDark: 'red' }, /^styling\.primaryColor:/],
    ['a banner message of one character', { announcementMessage: 'x' }, /^announcement\.message:/],
    ['a copyright of 301 characters', { copyright: 'c'.repeat(301) }, /^footer\.copyright:/],
  ])('refuses %s, naming the field', (_what, change, message) => {
    const checked = applyDraft(settings, { ...draft, ...change });
    expect('error' in checked && checked.error).toMatch(message);
  });

  it('leaves out an empty copyright and an empty banner turned off', () => {
    const checked = applyDraft(settings, draft);
    if ('error' in checked) throw new Error(checked.error);
    expect(checked.customization.footer).toEqual({ groups: [] });
    expect('announcement' in checked.customization).toBe(false);
  });
});
