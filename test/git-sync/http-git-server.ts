import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { git, type TestRepository } from './repositories';

/**
 * A real git smart-HTTP server on loopback: `git http-backend` run as CGI behind node:http, as Apache or
 * nginx would run it, guarding its repositories with HTTP Basic credentials. Git Sync tests reach it as
 * they would reach a git host, so the credentials Folio hands git, the redirects it refuses and the
 * requests it makes are observed at the other end of a real connection.
 */
export interface HttpGitServerOptions {
  /** Served repositories by the name in the URL (`docs.git` → `http://127.0.0.1:PORT/docs.git`). */
  repositories: Record<string, TestRepository>;
  /** The only credentials accepted; a request without them, or with others, is answered 401. */
  username: string;
  password: string;
  /** Names answered with a 302 to another URL (every path below them follows: `/<name>/info/refs` → `<target>/info/refs`). */
  redirects?: Record<string, string>;
}

export interface HttpGitServer {
  /** The repository's URL, without credentials; `credentials` puts `user:password@` in it. */
  url(name: string, credentials?: { username: string; password: string }): string;
  /** The Authorization headers received, in order (undefined for a request without one). */
  readonly authorizations: ReadonlyArray<string | undefined>;
  /** Every request received, as "METHOD /path?query". */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

const HTTP_BACKEND = join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

export async function startHttpGitServer(options: HttpGitServerOptions): Promise<HttpGitServer> {
  // Pushes over HTTP need receive-pack enabled in each repository (http-backend refuses them otherwise).
  for (const repository of Object.values(options.repositories)) git(['config', 'http.receivepack', 'true'], repository.dir);
  const authorizations: Array<string | undefined> = [];
  const requests: string[] = [];
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;

  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    authorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? '/', 'http://git.invalid');
    const [, name = '', ...rest] = url.pathname.split('/');
    const redirect = options.redirects?.[name];
    if (redirect) {
      res.writeHead(302, { location: `${redirect}/${rest.join('/')}${url.search}` }).end();
      return;
    }
    const repository = options.repositories[name];
    if (!repository) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such repository\n');
      return;
    }
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' }).end('credentials needed\n');
      return;
    }
    runHttpBackend(req, res, repository, `/${rest.join('/')}`, url.search.slice(1), options.username);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url(name, credentials) {
      const who = credentials ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@` : '';
      return `http://${who}127.0.0.1:${port}/${name}`;
    },
    authorizations,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Runs http-backend for one request, as a CGI: the request in the environment and on stdin, the answer on stdout. */
function runHttpBackend(req: IncomingMessage, res: ServerResponse, repository: TestRepository, pathInRepository: string, query: string, user: string): void {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    HOME: '/nonexistent',
    // The repository's parent is the project root, so PATH_INFO names the repository by its folder.
    GIT_PROJECT_ROOT: dirname(repository.dir),
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: `/${basename(repository.dir)}${pathInRepository}`,
    QUERY_STRING: query,
    CONTENT_TYPE: header('content-type'),
    REMOTE_USER: user,
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
    AUTH_TYPE: 'Basic',
  };
  if (req.headers['content-length'] !== undefined) env.CONTENT_LENGTH = header('content-length');
  // http-backend inflates gzip request bodies itself, and speaks protocol v2 when the client asks for it.
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = header('content-encoding');
  if (req.headers['git-protocol']) env.GIT_PROTOCOL = header('git-protocol');

  const child = spawn(HTTP_BACKEND, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.on('error', () => undefined);
  req.pipe(child.stdin);

  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersSent) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = headerEnd(head);
    if (!end) return;
    writeCgiHead(res, head.subarray(0, end.at).toString('latin1'));
    headersSent = true;
    const body = head.subarray(end.at + end.length);
    if (body.length) res.write(body);
  });
  child.once('close', (code) => {
    if (!headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`git http-backend failed (${code}): ${stderr}`);
      return;
    }
    res.end();
  });
}

/** Where a CGI answer's headers end: a blank line, CRLF or LF. */
function headerEnd(bytes: Buffer): { at: number; length: number } | undefined {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
  if (lf >= 0) return { at: lf, length: 2 };
  return undefined;
}

/** A CGI answer's headers as an HTTP head: `Status: 404 Not Found` is the status line, the rest headers. */
function writeCgiHead(res: ServerResponse, text: string): void {
  let status = 200;
  let reason: string | undefined;
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') {
      const [code = '200', ...words] = value.split(' ');
      status = Number(code);
      reason = words.join(' ') || undefined;
    } else headers[name] = value;
  }
  if (reason) res.writeHead(status, reason, headers);
  else res.writeHead(status, headers);
}
