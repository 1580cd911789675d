import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { getSpecById, insertSpec, setSpecProcessingState } from '../../src-main/store/openapi-specs';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';
import { PETSTORE_3 } from './support';

const opened: FolioApp[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const app of opened.splice(0)) app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('OpenAPI processing across restarts', () => {
  it('processes, when the data directory is opened again, specs a stopped process left pending or in progress', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-openapi-resume-'));
    dirs.push(dir);
    const first = openApp({ dataDir: dir });
    const { owner } = bootstrapOwner(first.db, first.clock, { adminToken: generateToken() });
    const orgId = listOrganizationsOfUser(first.db, owner.id, {}).rows[0]!.id;
    const now = new Date().toISOString();
    // Written straight to the store: no processing was ever queued for these (as after a crash).
    const pending = insertSpec(first.db, { organizationId: orgId, slug: 'left-pending', sourceUrl: null, sourceText: JSON.stringify(PETSTORE_3), now });
    const progress = insertSpec(first.db, { organizationId: orgId, slug: 'left-in-progress', sourceUrl: null, sourceText: 'openapi: [', now });
    setSpecProcessingState(first.db, progress.id, 'progress');
    first.close();

    const second = openApp({ dataDir: dir });
    opened.push(second);
    const giveUp = Date.now() + 15_000;
    const done = () => [pending.id, progress.id].map((id) => getSpecById(second.db, id)!);
    while (done().some((spec) => spec.processing_state !== 'complete')) {
      if (Date.now() > giveUp) throw new Error(`never processed: ${JSON.stringify(done())}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [a, b] = done();
    expect(a).toMatchObject({ last_version_id: expect.any(String), last_process_error_code: null });
    expect(b).toMatchObject({ last_version_id: null, last_process_error_code: 'PARSE_ERROR' });
  });
});
