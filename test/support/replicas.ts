import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openApp, serviceContext } from '../../src-main/app/app';
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

  return { openReplica, cleanup };
}

export type Replica = ReturnType<ReturnType<typeof useReplicas>['openReplica']>;
