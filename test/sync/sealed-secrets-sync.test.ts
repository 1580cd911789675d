import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishIntegration } from '../../src-main/integrations/publish-service';
import { sealerOf } from '../../src-main/store/secret-sealer';
import { SECRET_KEY_FILE } from '../../src-main/secrets/key-store';
import { regeneratePublishingAuth } from '../../src-main/sites/publishing-auth-service';
import { createSite, publishSite } from '../../src-main/sites/service';
import { resolveVisitor } from '../../src-main/sites/visitors';
import type { Db } from '../../src-main/store/database';
import { getIntegration } from '../../src-main/store/integrations';
import { getSite } from '../../src-main/store/sites';
import { type Replica, useReplicas } from '../support/replicas';
import { visitorToken } from '../secrets/support';

const { serverAndWorkstation } = useReplicas();

/** What a replica's store holds for a secret: its row and its change log's copies, as stored. */
function stored(db: Db, table: string, column: string, key: string) {
  const keyColumn = table === 'integrations' ? 'name' : 'id';
  const row = (db.prepare(`SELECT ${column} AS value FROM ${table} WHERE ${keyColumn} = ?`).get(key) as { value: string }).value;
  const logged = (
    db.prepare(`SELECT value FROM sync_changes WHERE dataset = ? AND "column" = ? AND row_key = ?`).all(table, column, JSON.stringify([key])) as Array<{ value: string }>
  ).map((change) => JSON.parse(change.value) as string);
  return { row, logged };
}

/** Sealed with this replica's key only: the other replica's key does not open it. */
function expectSealedFor(owner: Replica, other: Replica, value: string, plaintext: string): void {
  expect(value).toMatch(/^sealed:v1:/);
  expect(sealerOf(owner.db).unseal(value)).toBe(plaintext);
  expect(() => sealerOf(other.db).unseal(value)).toThrow(/does not open with this key/);
}

describe('secrets sync between replicas that each seal with their own key', () => {
  it("brings a site's visitor key to an admin's workstation, where both replicas verify the same visitor token", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    expect(readFileSync(join(server.app.dataDir, SECRET_KEY_FILE), 'utf8')).not.toBe(readFileSync(join(workstation.app.dataDir, SECRET_KEY_FILE), 'utf8'));
    const site = createSite(server.ctx, server.orgId, { title: 'Members only', visibility: 'visitor-auth' });
    publishSite(server.ctx, server.orgId, site.id);
    await attach(server.token).syncOnce();

    const key = getSite(server.db, site.id)!.visitor_auth_key!;
    expect(getSite(workstation.db, site.id)?.visitor_auth_key).toBe(key);
    const onWorkstation = stored(workstation.db, 'sites', 'visitor_auth_key', site.id);
    expectSealedFor(workstation, server, onWorkstation.row, key);
    for (const value of onWorkstation.logged) expectSealedFor(workstation, server, value, key);
    expectSealedFor(server, workstation, stored(server.db, 'sites', 'visitor_auth_key', site.id).row, key);

    const token = await visitorToken(key);
    for (const replica of [server, workstation]) {
      expect(await resolveVisitor(getSite(replica.db, site.id)!, replica.db, { token })).toMatchObject({ ok: true, claims: { plan: 'pro' } });
    }
  });

  it('sends secrets changed on a workstation to the server, which keeps them sealed with its own key', async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const site = createSite(server.ctx, server.orgId, { title: 'Members only', visibility: 'visitor-auth' });
    publishSite(server.ctx, server.orgId, site.id);
    const client = attach(server.token);
    await client.syncOnce();

    regeneratePublishingAuth(asOwnerThere(), server.orgId, site.id);
    publishIntegration(asOwnerThere(), 'made-offline-keeper', {
      runtime: 'v1',
      title: 'Keeper',
      description: 'Keeps a secret',
      script: 'export default {};',
      organization: server.orgId,
      scopes: [],
      secrets: { API_KEY: 'made-on-the-workstation' },
    });
    await client.syncOnce();
    expect(client.getStatus().waiting).toBe(0);

    const key = getSite(workstation.db, site.id)!.visitor_auth_key!;
    expect(getSite(server.db, site.id)?.visitor_auth_key).toBe(key);
    const secrets = JSON.stringify({ API_KEY: 'made-on-the-workstation' });
    expect(getIntegration(server.db, 'made-offline-keeper')?.secrets).toBe(secrets);
    for (const [table, column, id, plaintext] of [
      ['sites', 'visitor_auth_key', site.id, key],
      ['integrations', 'secrets', 'made-offline-keeper', secrets],
    ] as const) {
      const onServer = stored(server.db, table, column, id);
      expectSealedFor(server, workstation, onServer.row, plaintext);
      for (const value of onServer.logged) expect(sealerOf(server.db).unseal(value)).toMatch(/./);
      expectSealedFor(workstation, server, stored(workstation.db, table, column, id).row, plaintext);
    }
    const token = await visitorToken(key);
    expect(await resolveVisitor(getSite(server.db, site.id)!, server.db, { token })).toMatchObject({ ok: true });
  });
});
