import { describe, expect, it, vi } from 'vitest';
import { createOrgHomeStore, type OrgHomeClient, type RecentPage } from '../../../src-renderer/src/components/home/org-home-store';
import { createOrganizationsStore } from '../../../src-renderer/src/stores/organizations-store';
import { createProfileStore, type ProfileClient, type ProfileInput } from '../../../src-renderer/src/components/settings/profile-store';
import { memoryStorage } from '../../../src-renderer/src/stores/storage';
import { applyTheme, createThemeStore, followTheme, THEME_STORAGE_KEY } from '../../../src-renderer/src/stores/theme-store';
import { deferred, fakeClient, type FakeData, organization, serverError, unauthorizedError, user } from '../fake-client';

const acme = organization('org-acme', 'Acme');
const globex = organization('org-globex', 'Globex');
const DATA: FakeData = {
  viewer: user('u-owner', 'owner@folio.localhost', 'Owner'),
  organizations: [acme, globex],
  members: { 'org-acme': [], 'org-globex': [] },
  teams: { 'org-acme': [], 'org-globex': [] },
};

async function organizationsStore() {
  const store = createOrganizationsStore({ client: fakeClient(DATA), storage: memoryStorage(), onUnauthorized: vi.fn() });
  await store.getState().load();
  return store;
}

/** A root element's data-theme, as applyTheme leaves it. */
function fakeRoot() {
  const attributes = new Map<string, string>();
  return {
    attributes,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  };
}

describe('the theme store', () => {
  it('starts on the system theme, remembers a choice, and forgets it when back on the system', () => {
    const storage = memoryStorage();
    const theme = createThemeStore(storage);
    expect(theme.getState().choice).toBe('system');
    theme.getState().choose('dark');
    expect(storage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(createThemeStore(storage).getState().choice).toBe('dark');
    theme.getState().choose('system');
    expect(storage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(createThemeStore(memoryStorage({ [THEME_STORAGE_KEY]: 'sepia' })).getState().choice).toBe('system');
  });

  it('sets data-theme on the root at once and whenever the choice changes; none for the system', () => {
    const root = fakeRoot();
    const theme = createThemeStore(memoryStorage({ [THEME_STORAGE_KEY]: 'light' }));
    const stop = followTheme(theme, root);
    expect(root.attributes.get('data-theme')).toBe('light');
    theme.getState().choose('dark');
    expect(root.attributes.get('data-theme')).toBe('dark');
    theme.getState().choose('system');
    expect(root.attributes.has('data-theme')).toBe(false);
    stop();
    theme.getState().choose('dark');
    expect(root.attributes.has('data-theme')).toBe(false);
    applyTheme(root, 'dark');
    expect(root.attributes.get('data-theme')).toBe('dark');
  });
});

describe('the profile store', () => {
  function setup(organizations: Awaited<ReturnType<typeof organizationsStore>>) {
    const client = {
      user: {
        updateProfile: {
          mutate: vi.fn(async (input: ProfileInput) => ({ ...user('u-owner', 'owner@folio.localhost', 'Owner'), ...input })),
        },
      },
    } satisfies ProfileClient;
    const onUnauthorized = vi.fn();
    return { client, onUnauthorized, profile: createProfileStore({ client, onUnauthorized, organizations }) };
  }

  it('sends only what changed, trimmed, and the sidebar’s viewer becomes the saved user', async () => {
    const organizations = await organizationsStore();
    const { client, profile } = setup(organizations);
    expect(await profile.getState().save({ displayName: '  Ada ', email: 'owner@folio.localhost' })).toBe(true);
    expect(client.user.updateProfile.mutate).toHaveBeenCalledWith({ displayName: 'Ada' });
    expect(organizations.getState().viewer).toMatchObject({ displayName: 'Ada' });
    expect(profile.getState()).toMatchObject({ saving: false, notice: 'Profile saved.', error: undefined });

    expect(await profile.getState().save({ displayName: 'Ada', email: 'owner@folio.localhost' })).toBe(true);
    expect(client.user.updateProfile.mutate).toHaveBeenCalledTimes(1);
    profile.getState().opened();
    expect(profile.getState().notice).toBeUndefined();
  });

  it('keeps the server’s words for a refusal, and hands a 401 to the session', async () => {
    const organizations = await organizationsStore();
    const { client, onUnauthorized, profile } = setup(organizations);
    client.user.updateProfile.mutate.mockRejectedValueOnce(serverError('email: must be an email address', 'BAD_REQUEST', 400));
    expect(await profile.getState().save({ displayName: 'Owner', email: 'nope' })).toBe(false);
    expect(profile.getState().error).toBe('email: must be an email address');
    expect(organizations.getState().viewer).toMatchObject({ email: 'owner@folio.localhost' });
    profile.getState().clearError();
    expect(profile.getState().error).toBeUndefined();

    client.user.updateProfile.mutate.mockRejectedValueOnce(unauthorizedError());
    await profile.getState().save({ displayName: 'Someone', email: 'owner@folio.localhost' });
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });
});

describe('the organization home store', () => {
  const recent = (title: string): RecentPage => ({ spaceId: 's1', spaceTitle: 'Guide', pageId: `p-${title}`, title, path: title, editedAt: '2025-03-12T10:00:00.000Z' });

  it('loads the recent pages, drops an answer for an organization left since, and opens another organization on its home', async () => {
    const organizations = await organizationsStore();
    const slow = deferred<RecentPage[]>();
    const client = { recentPages: { list: { query: vi.fn(async (_input: { organizationId: string; limit?: number }) => [recent('Install')]) } } } satisfies OrgHomeClient;
    const home = createOrgHomeStore({ client, onUnauthorized: vi.fn(), organizations });
    await home.getState().loadRecent('org-acme');
    expect(client.recentPages.list.query).toHaveBeenCalledWith({ organizationId: 'org-acme', limit: 8 });
    expect(home.getState().recent).toEqual({ status: 'ready', items: [recent('Install')] });

    home.getState().showSettings();
    client.recentPages.list.query.mockReturnValueOnce(slow.promise);
    const loading = home.getState().loadRecent('org-acme');
    await organizations.getState().select('org-globex');
    expect(home.getState()).toMatchObject({ view: 'home', recent: { status: 'idle' } });
    slow.resolve([recent('Stale')]);
    await loading;
    expect(home.getState().recent).toEqual({ status: 'idle' });
  });

  it('says why the recent pages could not be loaded', async () => {
    const organizations = await organizationsStore();
    const client = { recentPages: { list: { query: vi.fn(async () => Promise.reject(serverError('Organization "x" not found'))) } } } satisfies OrgHomeClient;
    const home = createOrgHomeStore({ client, onUnauthorized: vi.fn(), organizations });
    await home.getState().loadRecent('x');
    expect(home.getState().recent).toEqual({ status: 'error', message: 'Organization "x" not found' });
  });
});
