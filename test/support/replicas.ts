import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openApp, serviceContext } from '../../src-main/app/app';
import { startHost } from '../../src-main/http/server';
import { getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';

/**
 * In-process replicas for sync tests: each a data directory opened as `folio serve` opens one, with its own
 * owner (give each a distinct email), organization and token. Everything registered is undone after each
 * test, last first (clients stop before their stores close).
 */
export function useReplicas() {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  function openReplica(name: string, ownerEmail: string) {
    const dir = mkdtempSync(join(tmpdir(), `folio-replica-${name}-`));
    const app = openApp({ dataDir: dir });
    const token = generateToken();
    const { owner } = bootstrapOwner(app.db, app.clock, { adminToken: token, ownerEmail });
    cleanup.push(() => {
      app.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
    return { app, db: app.db, owner, token, orgId, ctx: serviceContext(app, owner) };
  }

  /**
   * A team server listening on a free port and one workstation; `attach(token)` starts the workstation's
   * sync client with a user's token on the server; `asOwnerThere()` acts on the workstation as the server's
   * owner (after a first sync brought their user there).
   */
  async function serverAndWorkstation() {
    const server = openReplica('server', 'owner@team.example');
    const host = await startHost(server.app, { port: 0 });
    cleanup.push(() => host.close());
    const workstation = openReplica('workstation', 'me@laptop.local');
    const attach = (token: string) => {
      const client = new SyncClient(workstation.app, { url: host.url, token }, { minBackoffMs: 20, maxBackoffMs: 200 });
      cleanup.push(() => client.stop());
      return client;
    };
    const asOwnerThere = () => serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    return { server, host, workstation, attach, asOwnerThere };
  }

  return { openReplica, cleanup, serverAndWorkstation };
}

export type Replica = ReturnType<ReturnType<typeof useReplicas>['openReplica']>;
