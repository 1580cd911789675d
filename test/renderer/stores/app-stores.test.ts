import { describe, expect, it, vi } from 'vitest';
import { type AppClient, createBrowserStores, createDesktopStores } from '../../../src-renderer/src/stores/app-stores';
import { TOKEN_KEY } from '../../../src-renderer/src/stores/session-store';
import { memoryStorage } from '../../../src-renderer/src/stores/storage';
import type { AttachedSyncStatus } from '../../../src-renderer/src/components/sync/sync-store';
import { fakeClient, organization, space, unauthorizedError } from '../fake-client';

/** A client factory like createHttpClient: records which token each call would have sent. */
function clientFactory(accepted: string) {
  const sent: Array<string | undefined> = [];
  const clientFor = (getToken: () => string | undefined): AppClient => {
    const client = fakeClient({ organizations: [organization('org-1', 'One')] });
    const check = () => {
      const token = getToken();
      sent.push(token);
      if (token !== accepted) throw unauthorizedError();
    };
    client.user.me.query.mockImplementation(async () => {
      check();
      return { object: 'user', id: 'u', email: 'u@example.com', displayName: 'U', urls: { location: '' } };
    });
    client.orgs.list.query.mockImplementation(async () => {
      check();
      return { items: [organization('org-1', 'One')], count: 1 };
    });
    // The feature stores make no call until a space is open: the fake needs only what the organization page uses.
    return client as unknown as AppClient;
  };
  return { clientFor, sent };
}

describe('the browser stores', () => {
  it('send the token the session holds at call time', async () => {
    const { clientFor, sent } = clientFactory('folio_good');
    const { session, organizations } = createBrowserStores(memoryStorage(), clientFor);
    await session!.getState().signIn('folio_good');
    await organizations.getState().load();
    expect(sent).toEqual(['folio_good', 'folio_good', 'folio_good']);
    expect(organizations.getState().organizations.status).toBe('ready');
  });

  it('return to the sign-in form, and clear what was loaded, when the saved token is refused', async () => {
    const { clientFor } = clientFactory('folio_good');
    const storage = memoryStorage({ [TOKEN_KEY]: 'folio_revoked' });
    const { session, organizations } = createBrowserStores(storage, clientFor);
    expect(session!.getState().status).toBe('signed-in');
    await organizations.getState().load();
    expect(session!.getState().status).toBe('signed-out');
    expect(session!.getState().notice).toContain('Missing or invalid API token');
    expect(organizations.getState().organizations.status).toBe('idle');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clear what was loaded on sign-out', async () => {
    const { clientFor } = clientFactory('folio_good');
    const { session, organizations } = createBrowserStores(memoryStorage({ [TOKEN_KEY]: 'folio_good' }), clientFor);
    await organizations.getState().load();
    expect(organizations.getState().selectedId).toBe('org-1');
    session!.getState().signOut();
    expect(organizations.getState()).toMatchObject({ selectedId: undefined, organizations: { status: 'idle' } });
  });

  it('load the spaces of the organization that is open, and forget them on sign-out', async () => {
    const { clientFor } = clientFactory('folio_good');
    const { session, organizations, spaces } = createBrowserStores(memoryStorage({ [TOKEN_KEY]: 'folio_good' }), clientFor);
    await organizations.getState().load();
    await vi.waitFor(() => expect(spaces.getState().tree.status).toBe('ready'));
    expect(spaces.getState().organizationId).toBe('org-1');
    session!.getState().signOut();
    expect(spaces.getState()).toMatchObject({ organizationId: undefined, tree: { status: 'idle' } });
  });
});

describe('the desktop stores', () => {
  it('have no session, and show a 401 as an error', async () => {
    const client = fakeClient();
    client.orgs.list.query.mockRejectedValueOnce(unauthorizedError());
    const stores = createDesktopStores(memoryStorage(), client as unknown as AppClient);
    expect(stores.session).toBeUndefined();
    await stores.organizations.getState().load();
    expect(stores.organizations.getState().organizations).toEqual({ status: 'error', message: 'Missing or invalid API token' });
  });

  it('follow the organization switcher with the spaces store', async () => {
    const client = fakeClient({
      organizations: [organization('org-acme', 'Acme'), organization('org-globex', 'Globex')],
      spaces: { 'org-acme': [space('s-acme', 'Acme docs')], 'org-globex': [space('s-globex', 'Globex docs')] },
    });
    const stores = createDesktopStores(memoryStorage(), client as unknown as AppClient);
    await stores.organizations.getState().load();
    await vi.waitFor(() => expect(stores.spaces.getState()).toMatchObject({ organizationId: 'org-acme', tree: { status: 'ready' } }));
    await stores.organizations.getState().select('org-globex');
    await vi.waitFor(() => expect(stores.spaces.getState().tree).toMatchObject({ status: 'ready', spaces: [{ id: 's-globex' }] }));
  });

  it('refresh the spaces quietly when the team server sync says something arrived', async () => {
    const client = fakeClient({ organizations: [organization('org-acme', 'Acme')], spaces: { 'org-acme': [space('s-acme', 'Acme docs')] } });
    const stores = createDesktopStores(memoryStorage(), client as unknown as AppClient);
    await stores.organizations.getState().load();
    await vi.waitFor(() => expect(stores.spaces.getState().tree.status).toBe('ready'));
    const refresh = vi.spyOn(stores.spaces.getState(), 'refresh');
    const status = (received: number): AttachedSyncStatus => ({
      attached: true,
      url: 'http://team',
      state: 'idle',
      waiting: 0,
      received,
      waitingBySpace: {},
      organizations: [],
      refused: [],
    });
    stores.sync.setState({ status: status(1) });
    expect(refresh).not.toHaveBeenCalled();
    stores.sync.setState({ status: status(1) });
    stores.sync.setState({ status: status(2) });
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
