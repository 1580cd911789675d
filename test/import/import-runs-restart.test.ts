import { describe, expect, it } from 'vitest';
import { openApp } from '../../src-main/app/app';
import { finishImportRun, insertImportRun, markImportRunStarted } from '../../src-main/store/import-runs';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('import runs across a restart', () => {
  it('marks a run the stopped process left unfinished as failed, saying why, and keeps finished ones', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Imported' })).body.id as string;
    const now = new Date().toISOString();
    const common = { organizationId: org.id, spaceId, source: { type: 'website', url: 'https://example.com/' }, createdBy: server.owner.id, now };
    insertImportRun(server.app.db, { id: 'run-in-progress', ...common });
    markImportRunStarted(server.app.db, 'run-in-progress', now);
    insertImportRun(server.app.db, { id: 'run-pending', ...common });
    insertImportRun(server.app.db, { id: 'run-done', ...common });
    markImportRunStarted(server.app.db, 'run-done', now);
    finishImportRun(server.app.db, 'run-done', { status: 'completed', done: 1, found: 1 }, now);

    // What the next start of the data directory does (the crashed process never finished these runs).
    openApp({ dataDir: server.dataDir }).close();

    for (const id of ['run-in-progress', 'run-pending']) {
      const run = await server.api.get(`/v1/org/${org.id}/imports/${id}`);
      expect(run.body).toMatchObject({ id, status: 'failed', reason: expect.stringContaining('Folio stopped') });
    }
    expect((await server.api.get(`/v1/org/${org.id}/imports/run-done`)).body).toMatchObject({ status: 'completed', progress: { done: 1, found: 1 } });
  });
});
