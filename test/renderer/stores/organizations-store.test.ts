import { describe, expect, it, vi } from 'vitest';
import type { Member, Page } from '../../../src-renderer/src/api/types';
import {
  createOrganizationsStore,
  PAGE_SIZE,
  SELECTED_ORG_KEY,
  selectedOrganization,
} from '../../../src-renderer/src/stores/organizations-store';
import { type KeyValueStorage, memoryStorage } from '../../../src-renderer/src/stores/storage';
import { deferred, fakeClient, type FakeData, member, organization, page, serverError, team, unauthorizedError, user } from '../fake-client';

const acme = organization('org-acme', 'Acme');
const globex = organization('org-globex', 'Globex');

const DATA: FakeData = {
  viewer: user('u-owner', 'owner@folio.localhost', 'Owner'),
  organizations: [acme, globex],
  members: {
    'org-acme': [member('u-owner', 'owner@folio.localhost', 'admin'), member('u-ada', 'ada@example.com')],
    'org-globex': [member('u-owner', 'owner@folio.localhost', 'admin')],
  },
  teams: { 'org-acme': [team('t-docs', 'Docs', 2)], 'org-globex': [] },
};

function setup(data: FakeData = DATA, storage: KeyValueStorage = memoryStorage()) {
  const client = fakeClient(data);
  const onUnauthorized = vi.fn();
  const store = createOrganizationsStore({ client, storage, onUnauthorized });
  return { client, store, storage, onUnauthorized };
}

describe('the organizations store', () => {
  it('loads the viewer and organizations, then opens the first one with its members and teams', async () => {
    const { store, client } = setup();
    const loading = store.getState().load();
    expect(store.getState().organizations.status).toBe('loading');
    await loading;

    const state = store.getState();
    expect(state.viewer?.email).toBe('owner@folio.localhost');
    expect(state.organizations).toMatchObject({ status: 'ready', count: 2 });
    expect(state.selectedId).toBe('org-acme');
    expect(selectedOrganization(state)?.title).toBe('Acme');
    expect(state.members).toMatchObject({ status: 'ready', count: 2 });
    expect(state.teams).toMatchObject({ status: 'ready', count: 1 });
    expect(client.members.list.query).toHaveBeenCalledWith({ organizationId: 'org-acme', limit: PAGE_SIZE, page: undefined });
  });

  it('reopens the organization remembered from last time', async () => {
    const { store } = setup(DATA, memoryStorage({ [SELECTED_ORG_KEY]: 'org-globex' }));
    await store.getState().load();
    expect(store.getState().selectedId).toBe('org-globex');
  });

  it('falls back to the first organization when the remembered one is gone', async () => {
    const { store } = setup(DATA, memoryStorage({ [SELECTED_ORG_KEY]: 'org-deleted' }));
    await store.getState().load();
    expect(store.getState().selectedId).toBe('org-acme');
  });

  it('switches organization, remembering the choice', async () => {
    const { store, storage } = setup();
    await store.getState().load();
    const switching = store.getState().select('org-globex');
    expect(store.getState()).toMatchObject({ selectedId: 'org-globex', members: { status: 'loading' }, teams: { status: 'loading' } });
    await switching;
    expect(store.getState().members).toMatchObject({ status: 'ready', count: 1 });
    expect(store.getState().teams).toMatchObject({ status: 'ready', items: [] });
    expect(storage.getItem(SELECTED_ORG_KEY)).toBe('org-globex');
  });

  it('has no organization open when the viewer belongs to none', async () => {
    const { store, client } = setup({ organizations: [] });
    await store.getState().load();
    expect(store.getState().organizations).toMatchObject({ status: 'ready', items: [] });
    expect(store.getState().selectedId).toBeUndefined();
    expect(client.members.list.query).not.toHaveBeenCalled();
  });

  it("keeps the server's message when the organizations fail to load, and loads again on retry", async () => {
    const { store, client } = setup();
    client.orgs.list.query.mockRejectedValueOnce(serverError('Database is locked', 'INTERNAL_SERVER_ERROR', 500));
    await store.getState().load();
    expect(store.getState().organizations).toEqual({ status: 'error', message: 'Database is locked' });
    await store.getState().load();
    expect(store.getState().organizations.status).toBe('ready');
  });

  it('shows one section failing without hiding the other', async () => {
    const { store, client } = setup();
    client.members.list.query.mockRejectedValueOnce(
      serverError('You need the "read" role in this organization to list members (yours: guest)', 'FORBIDDEN', 403),
    );
    await store.getState().load();
    expect(store.getState().members).toEqual({
      status: 'error',
      message: 'You need the "read" role in this organization to list members (yours: guest)',
    });
    expect(store.getState().teams.status).toBe('ready');
    await store.getState().reloadMembers();
    expect(store.getState().members.status).toBe('ready');
  });

  it('hands a 401 to the session', async () => {
    const { store, client, onUnauthorized } = setup();
    client.user.me.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().load();
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
    expect(store.getState().organizations).toMatchObject({ status: 'error' });
  });

  it('drops answers for an organization the viewer has already left', async () => {
    const { store, client } = setup();
    await store.getState().load();
    const slow = deferred<Page<Member>>();
    client.members.list.query.mockImplementationOnce(() => slow.promise);
    const first = store.getState().select('org-globex');
    const second = store.getState().select('org-acme');
    await second;
    slow.resolve(page([member('u-stale', 'stale@example.com')]));
    await first;
    expect(store.getState().selectedId).toBe('org-acme');
    expect(store.getState().members).toMatchObject({ status: 'ready', count: 2 });
  });

  it('ignores answers that arrive after reset (sign-out)', async () => {
    const { store, client } = setup();
    const slow = deferred<Page<ReturnType<typeof organization>>>();
    client.orgs.list.query.mockImplementationOnce(() => slow.promise);
    const loading = store.getState().load();
    store.getState().reset();
    slow.resolve(page([acme]));
    await loading;
    expect(store.getState()).toMatchObject({ organizations: { status: 'idle' }, selectedId: undefined, viewer: undefined });
  });

  it('asks the server once when load() is called twice at the same time', async () => {
    const { store, client } = setup();
    await Promise.all([store.getState().load(), store.getState().load()]);
    expect(client.orgs.list.query).toHaveBeenCalledTimes(1);
  });

  it('fetches every page of organizations for the switcher', async () => {
    const { store, client } = setup();
    client.orgs.list.query
      .mockResolvedValueOnce(page([acme], 'cursor-2', 2))
      .mockResolvedValueOnce(page([globex], undefined, 2));
    await store.getState().load();
    expect(client.orgs.list.query).toHaveBeenLastCalledWith({ limit: 100, page: 'cursor-2' });
    expect(store.getState().organizations).toMatchObject({ status: 'ready', count: 2, items: [acme, globex] });
  });

  describe('load more', () => {
    async function loadedWithTwoPages() {
      const context = setup();
      context.client.members.list.query.mockResolvedValueOnce(page([member('u-1', 'one@example.com')], 'cursor-2', 2));
      await context.store.getState().load();
      return context;
    }

    it('appends the next page of members', async () => {
      const { store, client } = await loadedWithTwoPages();
      expect(store.getState().members).toMatchObject({ status: 'ready', nextPage: 'cursor-2' });
      client.members.list.query.mockResolvedValueOnce(page([member('u-2', 'two@example.com')], undefined, 2));
      await store.getState().loadMoreMembers();
      const members = store.getState().members;
      expect(members.status === 'ready' && members.items.map((m) => m.user.email)).toEqual(['one@example.com', 'two@example.com']);
      expect(members).toMatchObject({ nextPage: undefined, loadingMore: false });
      expect(client.members.list.query).toHaveBeenLastCalledWith({ organizationId: 'org-acme', limit: PAGE_SIZE, page: 'cursor-2' });
    });

    it('keeps the rows shown when the next page fails', async () => {
      const { store, client } = await loadedWithTwoPages();
      client.members.list.query.mockRejectedValueOnce(serverError('Invalid page cursor', 'BAD_REQUEST', 400));
      await store.getState().loadMoreMembers();
      expect(store.getState().members).toMatchObject({
        status: 'ready',
        items: [{ id: 'u-1' }],
        nextPage: 'cursor-2',
        loadingMore: false,
        moreError: 'Invalid page cursor',
      });
    });

    it('does nothing when no page remains', async () => {
      const { store, client } = setup();
      await store.getState().load();
      client.teams.list.query.mockClear();
      await store.getState().loadMoreTeams();
      expect(client.teams.list.query).not.toHaveBeenCalled();
    });
  });
});
