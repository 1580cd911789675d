import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FolioApp } from '../app/app';
import { authenticate } from '../auth/authenticate';
import { errorToResponse } from '../http/errors';
import { onSyncChanges } from '../store/sync-capture';
import { lastVisibleSeq } from '../store/sync-changes';
import { treeOrganizationForUser } from '../store/sync-docs';
import { parseDocId } from './docs-service';

const REPLICA = /^[A-Za-z0-9]{1,64}$/;

/**
 * `GET /sync/v1/events?after=SEQ&replicaId=ID`: a long-lived answer (server-sent events) that says
 * `changed` when a change the caller may see, written by another replica, passes its cursor, or when content
 * the caller may see changes. Nothing else is ever sent, so an idle, converged workstation and server
 * exchange nothing (docs/sync.md).
 */
export function serveSyncEvents(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL): void {
  let userId: string;
  try {
    userId = authenticate(app.db, req.headers.authorization).id;
  } catch (error) {
    const { status, body } = errorToResponse(error);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    return;
  }
  const after = Number(url.searchParams.get('after'));
  const replicaId = url.searchParams.get('replicaId') ?? '';
  if (!Number.isInteger(after) || after < 0 || !REPLICA.test(replicaId)) {
    const message = !REPLICA.test(replicaId) ? 'replicaId: must be 1 to 64 letters or digits' : 'after: must be a whole number';
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: { code: 400, message } }));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.flushHeaders();
  let cursor = after;
  const check = () => {
    const latest = lastVisibleSeq(app.db, userId, replicaId);
    if (latest <= cursor) return;
    cursor = latest;
    res.write(`event: changed\ndata: ${latest}\n\n`);
  };
  const unsubscribe = onSyncChanges(app.db, check);
  // Content the user can see changed (by anyone: the replica's own pushes are answered by an empty exchange).
  const stopDocs = app.docs.onCommitted((docIds) => {
    if (docIds.some((docId) => treeOrganizationForUser(app.db, parseDocId(docId).treeId, userId))) res.write('event: changed\ndata: content\n\n');
  });
  req.socket.setTimeout(0);
  res.on('close', () => {
    unsubscribe();
    stopDocs();
  });
  check();
}
