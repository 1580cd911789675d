import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FolioApp, openApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { ensureOwnerToken, OWNER_TOKEN_FILE } from '../../src-main/electron/owner-token';
import { findUserByToken, insertToken, revokeTokenByValue } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';

let dataDir: string;
let app: FolioApp;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-owner-token-'));
  app = openApp({ dataDir });
});

afterEach(() => {
  app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const tokenFile = () => join(dataDir, OWNER_TOKEN_FILE);
const modeOf = (file: string) => statSync(file).mode & 0o777;

function ensure() {
  const { owner, createdToken } = bootstrapOwner(app.db, app.clock);
  return { owner, token: ensureOwnerToken({ db: app.db, clock: app.clock, owner, dataDir, createdToken }) };
}

describe('ensureOwnerToken', () => {
  it("stores the token bootstrap created, readable by the user only", () => {
    const { owner, token } = ensure();
    expect(readFileSync(tokenFile(), 'utf8')).toBe(`${token}\n`);
    expect(findUserByToken(app.db, token)?.id).toBe(owner.id);
    if (process.platform !== 'win32') expect(modeOf(tokenFile())).toBe(0o600);
  });

  it('returns the same token on the next start, and tightens a loosened file', () => {
    const first = ensure().token;
    chmodSync(tokenFile(), 0o644);
    expect(ensure().token).toBe(first);
    if (process.platform !== 'win32') expect(modeOf(tokenFile())).toBe(0o600);
  });

  it('replaces a revoked token with a new one', () => {
    const first = ensure().token;
    revokeTokenByValue(app.db, first, new Date().toISOString());
    const { owner, token } = ensure();
    expect(token).not.toBe(first);
    expect(findUserByToken(app.db, token)?.id).toBe(owner.id);
    expect(readFileSync(tokenFile(), 'utf8').trim()).toBe(token);
  });

  it("never hands out another user's token found in the file", () => {
    ensure();
    const now = new Date().toISOString();
    const other = findOrCreateUser(app.db, 'someone@example.com', now);
    insertToken(app.db, other.id, 'folio_someone_else', now);
    writeFileSync(tokenFile(), 'folio_someone_else\n');
    const { owner, token } = ensure();
    expect(token).not.toBe('folio_someone_else');
    expect(findUserByToken(app.db, token)?.id).toBe(owner.id);
  });

  it('creates a token when the file was deleted or is empty', () => {
    ensure();
    writeFileSync(tokenFile(), '  \n');
    const { owner, token } = ensure();
    expect(token).toMatch(/^folio_/);
    expect(findUserByToken(app.db, token)?.id).toBe(owner.id);
  });
});
