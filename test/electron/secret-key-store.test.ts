import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp } from '../../src-main/app/app';
import { SAFE_KEY_FILE, type SafeStorage, safeStorageKeyStore } from '../../src-main/electron/secret-key-store';
import { SECRET_KEY_FILE } from '../../src-main/secrets/key-store';
import { getSecretSetting, SECRET_SETTINGS, setSecretSetting } from '../../src-main/secrets/settings';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-safe-key-'));
  dirs.push(dir);
  return dir;
};

/** Electron's safeStorage as the keychain of one account: reversible, but not by anyone else (another `account`). */
function fakeSafeStorage(options: { available?: boolean; backend?: string; account?: string } = {}): SafeStorage & { available: boolean } {
  const account = options.account ?? 'me';
  return {
    available: options.available ?? true,
    isEncryptionAvailable() {
      return this.available;
    },
    encryptString: (text) => Buffer.from(`${account}:${Buffer.from(text).toString('base64')}`),
    decryptString(encrypted) {
      const [owner, body] = encrypted.toString().split(':');
      if (owner !== account) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(body!, 'base64').toString();
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend! } : {}),
  };
}

/** Opens the desktop's store with this keychain, keeps a secret in it (or reads it back), and closes it. */
function withDesktopStore<T>(dir: string, safeStorage: SafeStorage, work: (app: ReturnType<typeof openApp>) => T): T {
  const app = openApp({ dataDir: dir, secretKeys: safeStorageKeyStore(dir, safeStorage, () => {}) });
  try {
    return work(app);
  } finally {
    app.close();
  }
}

const remember = (app: ReturnType<typeof openApp>) => setSecretSetting(app.db, SECRET_SETTINGS.sitePreviewKey, 'kept across starts');
const recall = (app: ReturnType<typeof openApp>) => getSecretSetting(app.db, SECRET_SETTINGS.sitePreviewKey);

describe("the desktop's secrets key", () => {
  it('is kept encrypted by the keychain, with no key in clear beside the database', () => {
    const dir = tempDir();
    const keychain = fakeSafeStorage();
    withDesktopStore(dir, keychain, remember);
    expect(existsSync(join(dir, SECRET_KEY_FILE))).toBe(false);
    expect(readFileSync(join(dir, SAFE_KEY_FILE)).toString()).toMatch(/^me:/);
    expect(statSync(join(dir, SAFE_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(withDesktopStore(dir, keychain, recall)).toBe('kept across starts');
  });

  it('falls back to the 0600 key file where no keychain is available, or only Linux’s fixed-password one', () => {
    for (const keychain of [fakeSafeStorage({ available: false }), fakeSafeStorage({ backend: 'basic_text' })]) {
      const dir = tempDir();
      withDesktopStore(dir, keychain, remember);
      expect(existsSync(join(dir, SAFE_KEY_FILE))).toBe(false);
      expect(statSync(join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(withDesktopStore(dir, keychain, recall)).toBe('kept across starts');
    }
  });

  it('moves a key kept in clear into the keychain once one is available', () => {
    const dir = tempDir();
    const keychain = fakeSafeStorage({ available: false });
    withDesktopStore(dir, keychain, remember);
    keychain.available = true;
    expect(withDesktopStore(dir, keychain, recall)).toBe('kept across starts');
    expect(existsSync(join(dir, SECRET_KEY_FILE))).toBe(false);
    expect(existsSync(join(dir, SAFE_KEY_FILE))).toBe(true);
    expect(withDesktopStore(dir, keychain, recall)).toBe('kept across starts');
  });

  it('refuses to start, in words, when the keychain is locked or belongs to another account', () => {
    const dir = tempDir();
    withDesktopStore(dir, fakeSafeStorage(), remember);
    expect(() => withDesktopStore(dir, fakeSafeStorage({ available: false }), recall)).toThrow(/encrypted by the system keychain, which is not available now/);
    expect(() => withDesktopStore(dir, fakeSafeStorage({ account: 'someone else' }), recall)).toThrow(/cannot be decrypted by this account's keychain/);
    // Nothing was replaced: the right keychain still opens the secrets.
    expect(withDesktopStore(dir, fakeSafeStorage(), recall)).toBe('kept across starts');
  });

  it('refuses a database copied to another machine without its key', () => {
    const source = tempDir();
    withDesktopStore(source, fakeSafeStorage(), remember);
    const copy = tempDir();
    writeFileSync(join(copy, 'folio.sqlite'), readFileSync(join(source, 'folio.sqlite')));
    expect(() => withDesktopStore(copy, fakeSafeStorage({ account: 'thief' }), recall)).toThrow(/sealed with a key that is not here/);
  });
});
