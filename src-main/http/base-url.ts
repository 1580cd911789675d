import type { IncomingMessage } from 'node:http';

const HOST_HEADER = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The address the caller reached us at, so `urls` in responses work for them (127.0.0.1, a LAN
 * name, a proxy's host). A malformed Host header falls back to the address the server listens on.
 */
export function baseUrlOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host && HOST_HEADER.test(host) ? `http://${host}` : fallback;
}
