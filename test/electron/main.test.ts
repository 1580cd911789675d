import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHOOSE_FOLDER_CHANNEL } from '../../src-shared/desktop-bridge';
import { appRouter } from '../../src-main/trpc/router';
import type { TrpcContext } from '../../src-main/trpc/trpc';

/**
 * The Electron binary cannot run here, so this drives main.ts against a stand-in `electron` module: it
 * checks what main.ts asks of Electron (window options, navigation lock, IPC context), not Electron itself.
 */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  const appListeners = new Map<string, Listener>();
  const windows: Array<{
    options: { webPreferences: Record<string, unknown> };
    listeners: Map<string, Listener>;
    openHandler?: (details: { url: string }) => { action: string };
    loaded?: string;
  }> = [];
  return {
    dataDir: '',
    appListeners,
    windows,
    quit: { calls: 0 },
    ipcOptions: undefined as undefined | { createContext: () => Promise<unknown>; router: unknown },
    attached: [] as unknown[],
    opened: [] as string[],
    ipcHandlers: new Map<string, Listener>(),
    /** What the stand-in folder dialog answers. */
    dialogAnswer: { canceled: false, filePaths: ['/home/writer/docs'] },
  };
});

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => fake.windows;
    static fromWebContents = () => fake.windows[0];
    listeners = new Map<string, (...args: unknown[]) => unknown>();
    webContents = {
      on: (event: string, listener: (...args: unknown[]) => unknown) => this.listeners.set(event, listener),
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
        (this as { openHandler?: typeof handler }).openHandler = handler;
      },
    };
    constructor(public options: { webPreferences: Record<string, unknown> }) {
      fake.windows.push(this);
    }
    once() {}
    loadFile(file: string) {
      (this as { loaded?: string }).loaded = file;
      return Promise.resolve();
    }
    loadURL(url: string) {
      (this as { loaded?: string }).loaded = url;
      return Promise.resolve();
    }
  }
  return {
    app: {
      getPath: () => fake.dataDir,
      requestSingleInstanceLock: () => true,
      whenReady: () => Promise.resolve(),
      on: (event: string, listener: (...args: unknown[]) => unknown) => fake.appListeners.set(event, listener),
      quit: () => void (fake.quit.calls += 1),
      exit: () => {},
    },
    BrowserWindow,
    dialog: {
      showErrorBox: (title: string, message: string) => console.error(title, message),
      showOpenDialog: async () => fake.dialogAnswer,
    },
    ipcMain: { handle: (channel: string, handler: (...args: unknown[]) => unknown) => void fake.ipcHandlers.set(channel, handler) },
    session: { defaultSession: { setPermissionRequestHandler: () => {} } },
    // A machine without a keychain: the data folder's secrets key stays a 0600 file (electron/secret-key-store.ts).
    safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    nativeTheme: { shouldUseDarkColors: false },
    shell: { openExternal: async (url: string) => void fake.opened.push(url) },
  };
});

vi.mock('trpc-electron/main', () => ({
  createIPCHandler: (options: typeof fake.ipcOptions) => {
    fake.ipcOptions = options;
    return { attachWindow: (window: unknown) => fake.attached.push(window) };
  },
}));

// Port 0 instead of 5740, so the test never competes with a Folio already running on this machine.
vi.mock('../../src-main/electron/host', async () => {
  const { startHost } = await import('../../src-main/http/server');
  return { startDesktopHost: (app: Parameters<typeof startHost>[0]) => startHost(app, { port: 0 }) };
});

beforeAll(async () => {
  fake.dataDir = mkdtempSync(join(tmpdir(), 'folio-electron-main-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await import('../../src-main/electron/main');
  // The app opens its store and host after whenReady: seconds on a loaded machine, not vi.waitFor's default 1 s.
  await vi.waitFor(() => expect(fake.attached).toHaveLength(1), { timeout: 20_000 });
});

afterAll(async () => {
  // Quitting closes the host and the store; the listener quits again once they are closed.
  fake.appListeners.get('will-quit')?.({ preventDefault: () => {} });
  await vi.waitFor(() => expect(fake.quit.calls).toBe(1), { timeout: 20_000 });
  rmSync(fake.dataDir, { recursive: true, force: true });
});

describe('the Electron main process', () => {
  it('opens one locked-down window on the built renderer and its IPC bridge', () => {
    const [window] = fake.windows;
    expect(window?.options.webPreferences).toMatchObject({ contextIsolation: true, nodeIntegration: false, webSecurity: true });
    // Paths are relative to the running module: out/main/index.js once built, src-main/electron here.
    expect(String(window?.options.webPreferences.preload)).toMatch(/[/\\]preload[/\\]index\.mjs$/);
    expect(window?.loaded).toMatch(/[/\\]renderer[/\\]index\.html$/);
    expect(fake.attached).toEqual([window]);
  });

  it('keeps the owner token in the data folder', () => {
    expect(existsSync(join(fake.dataDir, 'owner-token'))).toBe(true);
  });

  it('answers tRPC calls as the owner, with the host as the base URL', async () => {
    const ctx = (await fake.ipcOptions!.createContext()) as TrpcContext;
    expect(ctx.user?.email).toBe('owner@folio.localhost');
    expect(ctx.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const orgs = await appRouter.createCaller(ctx).orgs.list({});
    expect(orgs.items.map((org) => org.title)).toEqual(['My Organization']);
    expect(fake.ipcOptions!.router).toBe(appRouter);
  });

  it('refuses navigation away from the app, and sends web links to the browser', () => {
    const [window] = fake.windows;
    const prevented = vi.fn();
    window!.listeners.get('will-navigate')!({ preventDefault: prevented }, 'https://evil.example/');
    expect(prevented).toHaveBeenCalledTimes(1);
    expect(window!.openHandler!({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' });
    expect(window!.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://docs.example.com/']);
  });

  it('answers the folder picker with the folder the writer chose, and nothing when they cancel', async () => {
    const choose = fake.ipcHandlers.get(CHOOSE_FOLDER_CHANNEL)!;
    expect(await choose({ sender: {} })).toBe('/home/writer/docs');
    fake.dialogAnswer = { canceled: true, filePaths: [] };
    expect(await choose({ sender: {} })).toBeUndefined();
  });
});
