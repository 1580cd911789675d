import { syncBlobsBody, syncChangedDocsBody, syncDocsBody, syncHelloBody, syncPullBody, syncPushBody } from '../../src-shared/schemas/sync';
import type { Router } from '../http/router';
import { exchangeBlobs } from './blobs-service';
import { changedDocs, exchangeDocs } from './docs-service';
import { hello, pull, push } from './server-service';

/** The sync protocol (docs/sync.md), beside /v1 with the same tokens, errors and body limits. */
export function registerSyncRoutes(router: Router): void {
  router.post('/sync/v1/hello', { effect: 'write', body: syncHelloBody, optionalBody: true }, ({ ctx, body }) => ({ status: 200, body: hello(ctx, body) }));
  router.post('/sync/v1/push', { effect: 'write', body: syncPushBody, optionalBody: true }, ({ ctx, body }) => ({ status: 200, body: push(ctx, body) }));
  router.post('/sync/v1/blobs', { effect: 'write', body: syncBlobsBody, optionalBody: true }, ({ ctx, body }) => ({ status: 200, body: exchangeBlobs(ctx, body) }));
  router.post('/sync/v1/docs/changed', { effect: 'read', body: syncChangedDocsBody, optionalBody: true }, ({ ctx, body }) => ({ status: 200, body: changedDocs(ctx, body) }));
  router.post('/sync/v1/docs', { effect: 'write', body: syncDocsBody, optionalBody: true }, ({ ctx, body }) => ({ status: 200, body: exchangeDocs(ctx, body) }));
  router.post('/sync/v1/pull', { effect: 'read', body: syncPullBody, optionalBody: true }, ({ ctx, body }) => ({ status: 200, body: pull(ctx, body) }));
}
