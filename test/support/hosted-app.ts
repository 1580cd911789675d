import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, serviceContext } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import type { AppConfig } from '../../src-main/app/context';
import { type Host, startHost } from '../../src-main/http/server';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';

/** Steps that undo what a test opened, run last-in first-out by the test's afterEach. */
export type Cleanup = Array<() => Promise<void> | void>;

/**
 * An app in this process on a fresh data directory, serving on a loopback port, with its owner, token and
 * organization: a team server or a workstation for attachment tests. Undone by `cleanup`.
 */
export async function openHosted(cleanup: Cleanup, name: string, ownerEmail: string, config: Partial<AppConfig> = {}) {
  const dir = mkdtempSync(join(tmpdir(), `folio-hosted-${name}-`));
  const app = openApp({ dataDir: dir, config });
  const token = generateToken();
  const { owner } = bootstrapOwner(app.db, app.clock, { adminToken: token, ownerEmail });
  const host: Host = await startHost(app, { port: 0 });
  cleanup.push(async () => {
    await host.close();
    await app.sync.detach();
    app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
  return { app, host, owner, token, orgId, ctx: serviceContext(app, owner) };
}
