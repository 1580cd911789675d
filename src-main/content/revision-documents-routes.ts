import { documentSchemaQuery, pageDocumentQuery, reusableContentQuery, revisionChangesQuery } from '../../src-shared/schemas/content-documents';
import { presentSemanticChanges } from '../change-requests/semantic-changes-presenter';
import type { Router } from '../http/router';
import { documentById, pageDocumentInRevision } from './documents-service';
import { listPageMetaLinks, listRevisionPageMetaLinks } from './meta-links';
import { findReusableContent, presentReusableContent, reusableContentDocument } from './reusable-contents';
import { revisionChanges } from './revision-changes';

/**
 * Reads of GitBook's newest spec on revisions and documents: a revision's semantic changes, a page's
 * document in a revision, a document by id, pages' meta links, and reusable contents (reusable-contents.ts).
 */
export function registerRevisionDocumentRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/changes', { effect: 'read', query: revisionChangesQuery }, ({ ctx, params, query }) => {
    const { limit } = query;
    return { status: 200, body: presentSemanticChanges(revisionChanges(ctx, params.spaceId, params.revisionId), ctx, limit) };
  });

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', { effect: 'read', query: pageDocumentQuery }, ({ ctx, params }) => {
    return { status: 200, body: pageDocumentInRevision(ctx, params.spaceId, params.revisionId, params.pageId) };
  });

  router.get('/v1/spaces/{spaceId}/documents/{documentId}', { effect: 'read', query: documentSchemaQuery }, ({ ctx, params }) => {
    return { status: 200, body: documentById(ctx, params.spaceId, params.documentId) };
  });

  router.get('/v1/spaces/{spaceId}/content/page/{pageId}/meta-links', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: listPageMetaLinks(ctx, params.spaceId, params.pageId),
  }));

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: listPageMetaLinks(ctx, params.spaceId, params.pageId, params.changeRequestId),
  }));

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: listRevisionPageMetaLinks(ctx, params.spaceId, params.revisionId, params.pageId),
  }));

  router.get('/v1/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', { effect: 'read', query: reusableContentQuery }, ({ ctx, params }) => {
    const found = findReusableContent(ctx, { spaceId: params.spaceId }, params.reusableContentId);
    return { status: 200, body: presentReusableContent(found.view) };
  });
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}', { effect: 'read', query: reusableContentQuery }, ({ ctx, params }) => {
    const found = findReusableContent(ctx, { spaceId: params.spaceId, changeRequestId: params.changeRequestId }, params.reusableContentId);
    return { status: 200, body: presentReusableContent(found.view) };
  });
  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}', { effect: 'read', query: reusableContentQuery }, ({ ctx, params }) => {
    const found = findReusableContent(ctx, { spaceId: params.spaceId, revisionId: params.revisionId }, params.reusableContentId);
    return { status: 200, body: presentReusableContent(found.view) };
  });
  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document', { effect: 'read', query: pageDocumentQuery }, ({ ctx, params }) => {
    const scope = { spaceId: params.spaceId, revisionId: params.revisionId };
    return { status: 200, body: reusableContentDocument(ctx, scope, params.reusableContentId) };
  });
}
