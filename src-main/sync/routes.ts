import { syncBlobsBody, syncChangedDocsBody, syncDocsBody, syncHelloBody, syncPullBody, syncPushBody } from '../../src-shared/schemas/sync';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { exchangeBlobs } from './blobs-service';
import { changedDocs, exchangeDocs } from './docs-service';
import { hello, pull, push } from './server-service';

/** The sync protocol (docs/sync.md), beside /v1 with the same tokens, errors and body limits. */
export function registerSyncRoutes(router: Router): void {
  router.post('/sync/v1/hello', ({ ctx, body }) => ({ status: 200, body: hello(ctx, parseInput(syncHelloBody, body ?? {})) }));
  router.post('/sync/v1/push', ({ ctx, body }) => ({ status: 200, body: push(ctx, parseInput(syncPushBody, body ?? {})) }));
  router.post('/sync/v1/blobs', ({ ctx, body }) => ({ status: 200, body: exchangeBlobs(ctx, parseInput(syncBlobsBody, body ?? {})) }));
  router.post('/sync/v1/docs/changed', ({ ctx, body }) => ({ status: 200, body: changedDocs(ctx, parseInput(syncChangedDocsBody, body ?? {})) }));
  router.post('/sync/v1/docs', ({ ctx, body }) => ({ status: 200, body: exchangeDocs(ctx, parseInput(syncDocsBody, body ?? {})) }));
  router.post('/sync/v1/pull', ({ ctx, body }) => ({ status: 200, body: pull(ctx, parseInput(syncPullBody, body ?? {})) }));
}
