import type { IncomingMessage } from 'node:http';

/**
 * How much of an unwanted request body (after an early answer: 401, 404, 413, ...) is read and thrown away.
 * Closing a connection whose client is still sending makes the client's TCP stack see a reset, and `fetch`
 * then reports "fetch failed" instead of the answer; reading the rest lets it read the answer and keeps the
 * connection usable. Past these bounds the connection is closed: the answer has long been sent by then.
 */
const DISCARD_MAX_BYTES = 128 * 1024 * 1024;
const DISCARD_MAX_MS = 30_000;

const discarding = new WeakSet<IncomingMessage>();

/** Reads and drops what remains of a request's body, within DISCARD_MAX_BYTES and DISCARD_MAX_MS. */
export function discardBody(req: IncomingMessage): void {
  if (discarding.has(req) || req.destroyed) return;
  discarding.add(req);
  if (req.complete) {
    // Everything has arrived; anything still buffered is dropped.
    req.resume();
    return;
  }
  let seen = 0;
  const stop = () => {
    cleanup();
    req.socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_MAX_BYTES) stop();
  };
  const timer = setTimeout(stop, DISCARD_MAX_MS);
  timer.unref();
  const cleanup = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', cleanup);
    req.off('close', cleanup);
  };
  req.on('data', onData);
  req.once('end', cleanup);
  req.once('close', cleanup);
  req.resume();
}
