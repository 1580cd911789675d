import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * Follows the server's events stream (GET /sync/v1/events), calling `onOpen` once the server is listening
 * (it subscribes before it answers) and `onChanged` for each `changed` event; resolves when the server ends
 * the stream, rejects when it fails. Plain node:http rather than fetch: Node's
 * fetch ends a response that sent nothing for 5 minutes, and an idle stream rightly sends nothing for hours.
 * TCP keep-alive (no application bytes) notices a server that vanished without closing the connection.
 */
export function followEvents(url: string, token: string, signal: AbortSignal, onChanged: () => void, onOpen: () => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the server's events stream answered ${res.statusCode}`));
        return;
      }
      onOpen();
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: changed$/m.test(event)) onChanged();
        }
      });
      res.on('end', () => resolve());
      res.on('error', reject);
    });
    req.on('socket', (socket) => socket.setKeepAlive(true, 60_000));
    req.on('error', reject);
    req.end();
  });
}
