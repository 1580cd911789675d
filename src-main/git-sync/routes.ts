import { exportToGitRepositoryInput, gitSyncSettingsInput, importGitRepositoryInput } from '../../src-shared/schemas/git-sync';
import { notFound } from '../errors';
import type { Router } from '../http/router';
import { requireSpace } from '../spaces/access';
import { getGitSync } from '../store/git-sync';
import { exportToGitRepository } from './export-service';
import { importGitRepository } from './import-service';
import { presentGitSyncState } from './presenter';
import { configureGitSync, disableGitSync, getGitSyncSettings, syncSpaceNow } from './settings-service';

/** GitBook's Git Sync operations (docs/git-sync.md): each answers when it is done, 204, or says why not. */
export function registerGitSyncRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/git/export', { effect: 'write', body: exportToGitRepositoryInput }, async ({ ctx, params, body }) => {
    await exportToGitRepository(ctx, params.spaceId, body);
    return { status: 204 };
  });

  router.post('/v1/spaces/{spaceId}/git/import', { effect: 'write', body: importGitRepositoryInput }, async ({ ctx, params, body }) => {
    await importGitRepository(ctx, params.spaceId, body);
    return { status: 204 };
  });

  router.get('/v1/spaces/{spaceId}/git/info', { effect: 'read' }, ({ ctx, params }) => {
    const { space } = requireSpace(ctx, params.spaceId);
    const row = getGitSync(ctx.db, space.id);
    if (!row) throw notFound(`Space "${space.id}" has no git repository set up (export to one or import from one first)`);
    const state = presentGitSyncState(row);
    if (!state) throw notFound(`Space "${space.id}" syncs with a repository GitBook's Git Sync cannot name (not GitHub or GitLab): see GET …/git/sync`);
    return { status: 200, body: state };
  });

  // Folio extensions (docs/folio-extensions.openapi.json): Git Sync configured on the space.
  router.get('/v1/spaces/{spaceId}/git/sync', { effect: 'read' }, ({ ctx, params }) => ({ status: 200, body: getGitSyncSettings(ctx, params.spaceId) }));

  router.put('/v1/spaces/{spaceId}/git/sync', { effect: 'write', body: gitSyncSettingsInput }, async ({ ctx, params, body }) => ({
    status: 200,
    body: await configureGitSync(ctx, params.spaceId, body),
  }));

  router.delete('/v1/spaces/{spaceId}/git/sync', { effect: 'write' }, ({ ctx, params }) => ({ status: 200, body: disableGitSync(ctx, params.spaceId) }));

  router.post('/v1/spaces/{spaceId}/git/sync/run', { effect: 'write' }, async ({ ctx, params }) => ({ status: 200, body: await syncSpaceNow(ctx, params.spaceId) }));
}
