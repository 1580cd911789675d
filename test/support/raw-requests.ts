import { request } from 'node:http';

/** The body as a stream, so fetch sends it chunked (no Content-Length); `chunkSize` bytes at a time. */
export function chunkedBody(body: Uint8Array, chunkSize = 256 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.subarray(offset, (offset += chunkSize)));
    },
  });
}

/** A GET over a connection of its own (no pooled connection a previous test left behind); resolves to its status. */
export function getOnFreshConnection(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}
