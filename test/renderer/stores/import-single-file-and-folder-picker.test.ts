import { describe, expect, it, vi } from 'vitest';
import { desktopBridge } from '../../../src-renderer/src/api/desktop-bridge';
import { markdownFileSource } from '../../../src-renderer/src/components/import/import-source';
import { createImportStore, type ImportClient } from '../../../src-renderer/src/components/import/import-store';
import { createNavigationStore } from '../../../src-renderer/src/stores/navigation-store';

function setup() {
  const client = {
    content: {
      startImport: { mutate: vi.fn(async (_input: { spaceId: string; url: string; source: string }) => ({ jobId: 'job-1' })) },
      startUploadImport: { mutate: vi.fn(async (_input: { spaceId: string; source: string; name: string; data: string }) => ({ jobId: 'job-1' })) },
      importStatus: { query: vi.fn(async () => ({ id: 'job-1', state: 'running' as const, done: 0, found: 0, startedAt: 0 })) },
    },
    settings: { get: { query: vi.fn(async () => ({ owner: true, desktop: true, apiUrl: 'http://folio.test/v1', fileImports: true, remote: null })) } },
  } satisfies ImportClient;
  const navigation = createNavigationStore();
  navigation.getState().enterSpace('s-1');
  return { store: createImportStore({ client, onUnauthorized: vi.fn(), navigation }), client };
}

describe('the desktop bridge', () => {
  it('is absent in a browser window, and where the preload exposed something else', () => {
    expect(desktopBridge({})).toBeUndefined();
    expect(desktopBridge(undefined)).toBeUndefined();
    expect(desktopBridge({ folioDesktop: { chooseFolder: 'not a function' } })).toBeUndefined();
  });

  it('is the preload’s folioDesktop when the window has it', async () => {
    const fake = { chooseFolder: vi.fn(async () => '/home/ann/docs') };
    const bridge = desktopBridge({ folioDesktop: fake });
    expect(bridge).toBe(fake);
    expect(await bridge!.chooseFolder()).toBe('/home/ann/docs');
  });
});

describe('choosing a folder with the desktop picker', () => {
  it('fills the folder path with the chosen folder, which then imports as a file:// URL', async () => {
    const { store, client } = setup();
    await store.getState().chooseFolder({ chooseFolder: async () => '/home/ann/My docs' });
    expect(store.getState().draft).toMatchObject({ kind: 'folder', path: '/home/ann/My docs' });
    await store.getState().start({ spaceId: 's-1' }, { kind: 'folder', path: store.getState().draft.path });
    expect(client.content.startImport.mutate).toHaveBeenCalledWith({ spaceId: 's-1', url: 'file:///home/ann/My%20docs', source: 'markdown' });
    store.getState().reset();
  });

  it('leaves the typed path as it was when the writer cancels, and says so when the picker fails', async () => {
    const { store } = setup();
    store.getState().setDraft({ kind: 'folder', path: '/srv/typed' });
    await store.getState().chooseFolder({ chooseFolder: async () => undefined });
    expect(store.getState().draft.path).toBe('/srv/typed');
    await store.getState().chooseFolder({ chooseFolder: async () => Promise.reject(new Error('no display')) });
    expect(store.getState().inputError).toBe('The folder picker could not open: no display');
    expect(store.getState().draft.path).toBe('/srv/typed');
  });
});

describe('importing one markdown file', () => {
  it('uploads a chosen .md file as a markdown import', async () => {
    const { store, client } = setup();
    const bytes = new TextEncoder().encode('# Notes\n');
    await store.getState().start({ spaceId: 's-1' }, { kind: 'markdown-file', name: 'notes.md', bytes });
    expect(client.content.startUploadImport.mutate).toHaveBeenCalledWith({ spaceId: 's-1', source: 'markdown', name: 'notes.md', data: Buffer.from(bytes).toString('base64') });
    store.getState().reset();
  });

  it('refuses a file that is not markdown before asking the server', async () => {
    const { store, client } = setup();
    await store.getState().start({ spaceId: 's-1' }, { kind: 'markdown-file', name: 'export.zip', bytes: new Uint8Array(3) });
    expect(store.getState().inputError).toBe('“export.zip” is not a markdown file: choose a .md or .markdown file.');
    expect(client.content.startUploadImport.mutate).not.toHaveBeenCalled();
    expect(markdownFileSource('Guide.MARKDOWN', 10)).toEqual({ ok: true, value: 'markdown' });
  });
});
