import { listFilesQuery, revisionQuery } from '../../src-shared/schemas/pages';
import type { CallContext } from '../app/context';
import { contentAtRevision } from '../content/read-service';
import { notFound } from '../errors';
import { listEnvelope } from '../http/list';
import { pageInMemory } from '../http/offset-page';
import type { Router } from '../http/router';
import { requireSpace } from '../spaces/access';
import { listLiveFiles, type ContentFileRow } from '../store/content-files';
import { presentFile } from './presenter';
import { currentFile } from './service';

const present = (ctx: CallContext) => (file: ContentFileRow) => presentFile(file, { ...ctx, now: ctx.clock.now() });

export function registerFileRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/content/files', { effect: 'read', query: listFilesQuery }, ({ ctx, params, query }) => {
    const { page, limit } = query;
    const { space } = requireSpace(ctx, params.spaceId);
    return { status: 200, body: listEnvelope(listLiveFiles(ctx.db, space.id, { page, limit }), present(ctx)) };
  });

  router.get('/v1/spaces/{spaceId}/content/files/{fileId}', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    return { status: 200, body: present(ctx)(currentFile(ctx, params.spaceId, params.fileId)) };
  });

  // Files of a past revision are few next to pages: listed whole, paginated in memory.
  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/files', { effect: 'read', query: listFilesQuery }, ({ ctx, params, query }) => {
    const { page, limit } = query;
    const files = pageInMemory(contentAtRevision(ctx, params.spaceId, params.revisionId).files, { page, limit });
    return { status: 200, body: listEnvelope({ rows: files.items, total: files.total, next: files.next }, present(ctx)) };
  });

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const file = contentAtRevision(ctx, params.spaceId, params.revisionId).files.find((f) => f.file_id === params.fileId);
    if (!file) throw notFound(`File "${params.fileId}" not found in this revision`);
    return { status: 200, body: present(ctx)(file) };
  });
}
