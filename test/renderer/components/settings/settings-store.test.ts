import { describe, expect, it, vi } from 'vitest';
import { maskToken } from '../../../../src-renderer/src/components/settings/mask-token';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { createSettingsStore, type Settings, type SettingsClient } from '../../../../src-renderer/src/components/settings/settings-store';
import { serverError, unauthorizedError } from '../../fake-client';

const settings: Settings = { owner: true, desktop: false, apiUrl: 'http://127.0.0.1:5740/v1', dataDir: '/home/me/.folio', fileImports: false, remote: null };
const remote = { url: 'https://team.example.com', tokenHint: '…a1b2', updatedAt: '2025-03-12T10:00:00.000Z' };

function setup() {
  const client = {
    settings: {
      get: { query: vi.fn(async () => settings) },
      setRemote: { mutate: vi.fn(async (_input: { url: string; token?: string }) => remote) },
      clearRemote: { mutate: vi.fn(async () => ({ remote: null })) },
    },
  } satisfies SettingsClient;
  const onUnauthorized = vi.fn();
  const store = createSettingsStore({ client, onUnauthorized, navigation: createNavigationStore() });
  return { store, client, onUnauthorized };
}

describe('the settings store', () => {
  it('loads the settings each time the dialog opens', async () => {
    const { store, client } = setup();
    await store.getState().open();
    expect(store.getState().load).toEqual({ status: 'ready', settings });
    await store.getState().open();
    expect(client.settings.get.query).toHaveBeenCalledTimes(2);
  });

  it('saves the team server, trimmed, without sending an empty token', async () => {
    const { store, client } = setup();
    await store.getState().open();
    expect(await store.getState().saveRemote('  https://team.example.com ', '  ')).toBe(true);
    expect(client.settings.setRemote.mutate).toHaveBeenCalledWith({ url: 'https://team.example.com' });
    expect(store.getState()).toMatchObject({ saving: false, notice: 'Team server saved: https://team.example.com.', load: { settings: { remote } } });

    await store.getState().saveRemote('https://team.example.com', ' folio_x ');
    expect(client.settings.setRemote.mutate).toHaveBeenLastCalledWith({ url: 'https://team.example.com', token: 'folio_x' });
  });

  it('shows why the team server was refused, in the server’s words', async () => {
    const { store, client } = setup();
    await store.getState().open();
    client.settings.setRemote.mutate.mockRejectedValueOnce(serverError('url: must be an http(s) URL', 'BAD_REQUEST', 400));
    expect(await store.getState().saveRemote('ftp://x', 't')).toBe(false);
    expect(store.getState()).toMatchObject({ saving: false, remoteError: 'url: must be an http(s) URL' });
    expect(await store.getState().saveRemote(' ', 't')).toBe(false);
    expect(store.getState().remoteError).toMatch(/Enter the team server’s address/);
  });

  it('disconnects from the team server', async () => {
    const { store, client } = setup();
    client.settings.get.query.mockResolvedValueOnce({ ...settings, remote });
    await store.getState().open();
    expect(await store.getState().clearRemote()).toBe(true);
    expect(store.getState()).toMatchObject({ notice: 'Disconnected from the team server.', load: { settings: { remote: null } } });
  });

  it('says why the settings could not be loaded, and a 401 ends the session', async () => {
    const { store, client, onUnauthorized } = setup();
    client.settings.get.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().open();
    expect(store.getState().load).toEqual({ status: 'error', message: 'Missing or invalid API token' });
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });
});

describe('a token on screen', () => {
  it('shows only its start and end until asked', () => {
    expect(maskToken('folio_abcdefghijklmnopqrstuvwxyz')).toBe('folio_••••••••••••wxyz');
    expect(maskToken('short')).toBe('•••••');
  });
});
