import { exportToGitRepositoryInput, importGitRepositoryInput } from '../../src-shared/schemas/git-sync';
import { notFound } from '../errors';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { requireSpace } from '../spaces/access';
import { getGitSync } from '../store/git-sync';
import { exportToGitRepository } from './export-service';
import { importGitRepository } from './import-service';
import { presentGitSyncState } from './presenter';

/** GitBook's Git Sync operations (docs/git-sync.md): each answers when it is done, 204, or says why not. */
export function registerGitSyncRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/git/export', async ({ ctx, params, body }) => {
    await exportToGitRepository(ctx, params.spaceId!, parseInput(exportToGitRepositoryInput, body));
    return { status: 204 };
  });

  router.post('/v1/spaces/{spaceId}/git/import', async ({ ctx, params, body }) => {
    await importGitRepository(ctx, params.spaceId!, parseInput(importGitRepositoryInput, body));
    return { status: 204 };
  });

  router.get('/v1/spaces/{spaceId}/git/info', ({ ctx, params }) => {
    const { space } = requireSpace(ctx, params.spaceId!);
    const row = getGitSync(ctx.db, space.id);
    if (!row) throw notFound(`Space "${space.id}" has no git repository set up (export to one or import from one first)`);
    return { status: 200, body: presentGitSyncState(row) };
  });
}
