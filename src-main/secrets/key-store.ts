import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_KEY_BYTES } from './sealing';

/** The sealing key of a server's data directory, beside folio.sqlite. */
export const SECRET_KEY_FILE = 'secrets.key';

/** Only the user who runs Folio may read the key. */
const OWNER_ONLY = 0o600;

/**
 * Why Folio will not open a data directory's secrets: a key that is missing, unreadable or not this
 * database's. Said at start, in words, instead of making a new key and losing the secrets sealed with the old.
 */
export class SecretKeyError extends Error {}

/**
 * Where a data directory's sealing key lives: a 0600 file for the server (keyFileStore), the same file
 * encrypted by the system keychain on the desktop (electron/secret-key-store.ts).
 */
export interface SecretKeyStore {
  /** Where the key is, for messages ("/data/secrets.key"). */
  readonly location: string;
  /** The key kept here, or undefined when there is none. Throws SecretKeyError when one exists but cannot be read. */
  load(): Buffer | undefined;
  /** Keeps a new key (only ever called when load() found none). */
  save(key: Buffer): void;
}

/** The key as a 0600 file `<dataDir>/secrets.key` holding it in hex. */
export function keyFileStore(dataDir: string, warn: (message: string) => void = (message) => console.warn(message)): SecretKeyStore {
  const file = join(dataDir, SECRET_KEY_FILE);
  return {
    location: file,
    load() {
      if (!existsSync(file)) return undefined;
      tightenKeyFile(file, warn);
      return parseKey(readFileSync(file, 'utf8'), file);
    },
    save(key) {
      writeKeyFile(file, `${key.toString('hex')}\n`);
    },
  };
}

/** A key file readable by others is made the owner's only, with a warning: the key may already have been read. */
export function tightenKeyFile(file: string, warn: (message: string) => void): void {
  // Windows has no such mode bits: its ACLs are the user profile's.
  if (process.platform === 'win32') return;
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  chmodSync(file, OWNER_ONLY);
  warn(
    `Warning: ${file} was readable by other users (mode ${mode.toString(8)}); it is now 600. ` +
      'Anyone who read it and has a copy of folio.sqlite can open the secrets in it.',
  );
}

export function parseKey(text: string, location: string): Buffer {
  const hex = text.trim();
  if (!new RegExp(`^[0-9a-f]{${SECRET_KEY_BYTES * 2}}$`).test(hex)) {
    throw new SecretKeyError(`${location} is not a Folio secrets key (${SECRET_KEY_BYTES * 2} hex digits): restore it from the backup of this data directory`);
  }
  return Buffer.from(hex, 'hex');
}

/**
 * Creates the file with mode 0600 from its first byte, failing if it exists (two processes opening a new data
 * directory at once: the second finds the first's key at its next load). Flushed before the database records
 * anything sealed with it.
 */
export function writeKeyFile(file: string, content: string | Buffer): void {
  const fd = openSync(file, 'wx', OWNER_ONLY);
  try {
    writeSync(fd, typeof content === 'string' ? Buffer.from(content) : content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(file);
    throw error;
  }
  closeSync(fd);
}
