import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Clock, isoNow } from '../app/context';
import type { Db } from '../store/database';
import { findUserByToken, generateToken, insertToken } from '../store/tokens';
import type { UserRow } from '../store/users';

/** The owner's API token, in the data folder: for curl, `folio` tools or a browser on the desktop app's host. */
export const OWNER_TOKEN_FILE = 'owner-token';

/** Only the user may read it: the token is a full credential for the owner. */
const OWNER_ONLY = 0o600;

interface OwnerTokenOptions {
  db: Db;
  clock: Clock;
  owner: UserRow;
  dataDir: string;
  /** The token bootstrapOwner() just created, which is stored as it is. */
  createdToken?: string;
}

/**
 * Returns a live token of the owner kept in `<dataDir>/owner-token`. The store keeps only token digests, so
 * the file is the one place the value survives a restart; a missing file, or one holding a revoked or foreign
 * token, gets a fresh token. This file must not import Electron: it is unit-tested in plain Node.
 */
export function ensureOwnerToken({ db, clock, owner, dataDir, createdToken }: OwnerTokenOptions): string {
  const file = join(dataDir, OWNER_TOKEN_FILE);
  if (createdToken) {
    writeOwnerOnly(file, createdToken);
    return createdToken;
  }
  const saved = readToken(file);
  if (saved && findUserByToken(db, saved)?.id === owner.id) {
    // Tighten a file whose mode was loosened by hand or by a copy.
    chmodSync(file, OWNER_ONLY);
    return saved;
  }
  const token = generateToken();
  insertToken(db, owner.id, token, isoNow(clock), 'desktop');
  writeOwnerOnly(file, token);
  return token;
}

function readToken(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').trim() || undefined;
}

/** Writes beside the target and renames, so a crash never leaves a half-written token and the mode holds from the start. */
function writeOwnerOnly(file: string, token: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${token}\n`, { mode: OWNER_ONLY });
  renameSync(temporary, file);
}
