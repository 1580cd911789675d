import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { keyFileStore, parseKey, SecretKeyError, type SecretKeyStore, tightenKeyFile, writeKeyFile } from '../secrets/key-store';

/** The sealing key encrypted by the system keychain (Electron's safeStorage), beside folio.sqlite. */
export const SAFE_KEY_FILE = 'secrets.key.safe';

/** What this needs of Electron's `safeStorage` (a parameter, so it is tested in plain Node with a fake). */
export interface SafeStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means no keychain, just a fixed password, no better than a 0600 file. */
  getSelectedStorageBackend?(): string;
}

/**
 * The desktop's sealing key: encrypted with the system keychain (macOS Keychain, Windows DPAPI, the Secret
 * Service on Linux) in `secrets.key.safe`, so a copied data folder alone opens nothing. Where no keychain is
 * available it is the server's 0600 `secrets.key`, which moves into the keychain once one is.
 */
export function safeStorageKeyStore(dataDir: string, safeStorage: SafeStorage, warn?: (message: string) => void): SecretKeyStore {
  const safeFile = join(dataDir, SAFE_KEY_FILE);
  const plain = keyFileStore(dataDir, warn);
  const available = () => safeStorage.isEncryptionAvailable() && safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  const saveSafe = (key: Buffer) => writeKeyFile(safeFile, safeStorage.encryptString(key.toString('hex')));
  return {
    get location() {
      return existsSync(safeFile) || available() ? `${safeFile} (encrypted by the system keychain)` : plain.location;
    },
    load() {
      if (existsSync(safeFile)) {
        if (!available()) {
          throw new SecretKeyError(
            `${safeFile} is encrypted by the system keychain, which is not available now: unlock it (or sign in to the desktop session) and start Folio again`,
          );
        }
        tightenKeyFile(safeFile, warn ?? ((message) => console.warn(message)));
        let hex: string;
        try {
          hex = safeStorage.decryptString(readFileSync(safeFile));
        } catch (error) {
          throw new SecretKeyError(`${safeFile} cannot be decrypted by this account's keychain (${(error as Error).message}): restore the data folder's key from its backup`);
        }
        const key = parseKey(hex, safeFile);
        // A clear copy left by a move into the keychain that stopped halfway goes now.
        if (existsSync(plain.location) && plain.load()?.equals(key)) unlinkSync(plain.location);
        return key;
      }
      const key = plain.load();
      if (key && available()) {
        // A key kept in the clear while there was no keychain: into the keychain, then the clear copy goes.
        saveSafe(key);
        unlinkSync(plain.location);
      }
      return key;
    },
    save(key) {
      if (available()) saveSafe(key);
      else plain.save(key);
    },
  };
}
