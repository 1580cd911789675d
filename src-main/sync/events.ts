import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FolioApp } from '../app/app';
import { authenticate } from '../auth/authenticate';
import { errorToResponse } from '../http/errors';
import { onSyncChanges } from '../store/sync-capture';
import { lastVisibleSeq } from '../store/sync-changes';
import { treeOrganizationForUser } from '../store/sync-docs';
import { parseDocId } from './docs-service';
import { LIVE_ORIGIN_PREFIX } from '../live/channel';
import { answerJson, answerJsonError } from '../http/surface-answers';

/** How long content events for live keystrokes are gathered before one is sent. */
const LIVE_EVENT_DELAY_MS = 1_000;

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
    userId = authenticate(app.db, req.headers.authorization, app.clock.now().toISOString()).id;
  } catch (error) {
    const { status, body } = errorToResponse(error);
    answerJson(res, status, body);
    return;
  }
  const after = Number(url.searchParams.get('after'));
  const replicaId = url.searchParams.get('replicaId') ?? '';
  if (!Number.isInteger(after) || after < 0 || !REPLICA.test(replicaId)) {
    const message = !REPLICA.test(replicaId) ? 'replicaId: must be 1 to 64 letters or digits' : 'after: must be a whole number';
    answerJsonError(res, 400, message);
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
  let coalesced: NodeJS.Timeout | undefined;
  const tell = () => {
    clearTimeout(coalesced);
    coalesced = undefined;
    res.write('event: changed\ndata: content\n\n');
  };
  const stopDocs = app.docs.onCommitted((docIds, write) => {
    if (!docIds.some((docId) => treeOrganizationForUser(app.db, parseDocId(docId).treeId, userId))) return;
    // Keystrokes on the live channel reach the workstations that have the page open at once; the others
    // hear of them at most once a second, not once a keystroke (docs/live.md).
    if (write.origin?.startsWith(LIVE_ORIGIN_PREFIX)) coalesced ??= setTimeout(tell, LIVE_EVENT_DELAY_MS);
    else tell();
  });
  req.socket.setTimeout(0);
  res.on('close', () => {
    clearTimeout(coalesced);
    unsubscribe();
    stopDocs();
  });
  check();
}
