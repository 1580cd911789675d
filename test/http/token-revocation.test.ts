import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-main/store/database';
import { revokeTokenById, revokeTokenByValue } from '../../src-main/store/tokens';
import { useTestServer } from '../support/server';

const server = useTestServer();

/**
 * `folio token revoke` runs in its own process and writes the same database file: whatever the server keeps
 * between requests, the next request with a revoked token must be refused.
 */
describe('a revoked API token', () => {
  it('is refused on the very next request when another process revokes it', async () => {
    const user = server.userToken('revoked-elsewhere@example.com');
    const client = server.as(user.token);
    for (let i = 0; i < 3; i += 1) expect((await client.get('/v1/user')).status).toBe(200);
    const otherProcess = new Database(join(server.dataDir, DATABASE_FILE));
    try {
      otherProcess.pragma('busy_timeout = 5000');
      expect(revokeTokenByValue(otherProcess, user.token, new Date().toISOString())).toBe(true);
    } finally {
      otherProcess.close();
    }
    expect((await client.get('/v1/user')).status).toBe(401);
  });

  it('is refused right after a revocation by id, while the owner token keeps working', async () => {
    const user = server.userToken('revoked-by-id@example.com');
    expect((await server.as(user.token).get('/v1/user')).status).toBe(200);
    const row = server.app.db.prepare('SELECT id FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL').get(user.id) as { id: string };
    revokeTokenById(server.app.db, row.id, new Date().toISOString());
    expect((await server.as(user.token).get('/v1/user')).status).toBe(401);
    expect((await server.api.get('/v1/user')).status).toBe(200);
  });

  it("answers with the user as they are now after their row changes, not as they were at the token's last use", async () => {
    const user = server.userToken('renamed@example.com');
    const client = server.as(user.token);
    expect((await client.get('/v1/user')).status).toBe(200);
    server.app.db.prepare('UPDATE users SET display_name = ? WHERE id = ?').run('Renamed Writer', user.id);
    const after = await client.get<{ displayName: string }>('/v1/user');
    expect(after.body.displayName).toBe('Renamed Writer');
  });
});
