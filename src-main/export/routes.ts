import { z } from 'zod';
import type { Handler, Router } from '../http/router';
import { exportPageFile, exportSpaceZip } from './service';

const noQuery = z.strictObject({});

/** `attachment; filename=...`, with the UTF-8 form for names beyond ASCII. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type ContentParams = { spaceId: string; changeRequestId?: string };

const exportZip: Handler<ContentParams> = ({ ctx, params }) => {
  const { fileName, bytes } = exportSpaceZip(ctx, params.spaceId, params.changeRequestId);
  return { status: 200, body: bytes, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachment(fileName) } };
};

const exportPage: Handler<ContentParams & { pageId: string }> = ({ ctx, params }) => {
  const { path, markdown } = exportPageFile(ctx, params.spaceId, params.pageId, params.changeRequestId);
  return {
    status: 200,
    body: new TextEncoder().encode(markdown),
    headers: { 'Content-Type': 'text/markdown; charset=utf-8', 'Content-Disposition': attachment(path.split('/').pop()!), 'X-Folio-Path': path },
  };
};

/** Folio extensions (docs/folio-extensions.openapi.json): a space as a GitBook repository, and one page's file. */
export function registerExportRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/content/export', { effect: 'read', query: noQuery }, exportZip);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/export', { effect: 'read', query: noQuery }, exportZip);
  router.get('/v1/spaces/{spaceId}/content/page/{pageId}/export', { effect: 'read', query: noQuery }, exportPage);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/export', { effect: 'read', query: noQuery }, exportPage);
}
