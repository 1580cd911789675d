import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, serviceContext, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import type { AppConfig, ServiceContext } from '../../src-main/app/context';
import { createSpace } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';

export interface Fixture {
  dir: string;
  app: FolioApp;
  /** Service calls as the owner. */
  ctx: ServiceContext;
  token: string;
  orgId: string;
  newSpace(title?: string): string;
  close(): void;
}

/** A fresh data directory opened the way the server opens one, with its owner, organization and token. */
export function openFixture(config: Partial<AppConfig> = {}): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const app = openApp({ dataDir: dir, config });
  const token = generateToken();
  const { owner } = bootstrapOwner(app.db, app.clock, { adminToken: token });
  const ctx = serviceContext(app, owner);
  const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
  return {
    dir,
    app,
    ctx,
    token,
    orgId,
    newSpace: (title = 'Bench') => createSpace(ctx, orgId, { title }).space.id,
    close() {
      if (app.db.open) app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
