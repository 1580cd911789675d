import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny website served on 127.0.0.1 for import tests: path → [content type, body]. */
export async function serveFixtureSite(files: Record<string, [string, string | Uint8Array]>) {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    requests.push(path);
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title} | Site</title></head><body><nav><a href="/docs/">Home</a></nav><main><h1>${title}</h1>${body}</main><footer>© Site</footer></body></html>`;
