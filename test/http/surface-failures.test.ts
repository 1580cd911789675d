import { request, type ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

// Every surface outside /v1, replaced by one that fails: thrown synchronously by some, rejected by others.
const failure = () => new Error('planted failure');
vi.mock('../../src-main/files/download', () => ({
  serveDownload: () => {
    throw failure();
  },
}));
vi.mock('../../src-main/pdf/serve', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  servePdf: async () => {
    throw failure();
  },
}));
vi.mock('../../src-main/integrations/serve', () => ({
  serveIntegrationFile: () => {
    throw failure();
  },
}));
const sitePaths = vi.hoisted(() => [] as string[]);
vi.mock('../../src-main/sites/preview/serve', () => ({
  serveSitePreview: (_app: unknown, _req: unknown, _res: unknown, url: URL) => {
    sitePaths.push(url.pathname);
    return Promise.reject(failure());
  },
}));
vi.mock('../../src-main/saml/login', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  serveSso: () => Promise.reject(failure()),
}));
vi.mock('../../src-main/sync/events', () => ({
  serveSyncEvents: () => {
    throw failure();
  },
}));
vi.mock('../../src-main/http/static-files', () => ({
  serveRenderer: (_req: unknown, res: ServerResponse, pathname: string) => {
    // Once the answer has begun, a failure can only cut it short.
    if (pathname === '/half-sent') {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).write('partial ');
      return Promise.reject(failure());
    }
    throw failure();
  },
}));
vi.mock('../../src-main/http/trpc-handler', () => ({
  createTrpcHandler: () => () => {
    throw failure();
  },
}));

const server = useTestServer();
beforeAll(() => {
  server.app.router.get('/v1/test/throws', { effect: 'read' }, () => {
    throw failure();
  });
  server.app.router.get('/v1/test/rejects', { effect: 'read' }, async () => Promise.reject(failure()));
  server.app.router.get('/v1/test/unsendable-header', { effect: 'read' }, () => ({ status: 200, body: { ok: true }, headers: { 'X-Planted': 'snow ☃ man' } }));
});

async function stillServing() {
  expect((await server.api.get('/v1/user')).status).toBe(200);
}

describe('a surface that fails', () => {
  it.each([
    ['file downloads (thrown)', '/files/0/x', 'html'],
    ['PDFs (rejected)', '/pdf/a/b/c.pdf', 'html'],
    ['integration files (thrown)', '/integrations/x/1/script.js', 'html'],
    ['published sites (rejected)', '/sites/x/', 'html'],
    ['single sign-on (rejected)', '/sso/saml/x/start', 'html'],
    ['the sso code exchange (rejected)', '/sso/exchange', 'json'],
    ['sync events (thrown)', '/sync/v1/events', 'json'],
    ['/trpc (thrown)', '/trpc/users.me', 'json'],
    ['the app (thrown)', '/', 'html'],
  ])('answers 500 for %s, and the server keeps serving', async (_what, path, kind) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(500);
    if (kind === 'json') {
      expect(await res.json()).toEqual({ error: { code: 500, message: 'Internal error: the request could not be completed' } });
    } else {
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('Something went wrong');
    }
    await stillServing();
  });

  it('answers 500 for a custom hostname of a site (rejected)', async () => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    expect((await server.api.patch(`/v1/orgs/${org.id}/sites/${site.id}`, { hostname: 'docs.failing.example' })).status).toBe(200);
    // fetch() will not send a Host header of its own choosing; node:http will.
    const status = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(server.url);
      const req = request({ host: '127.0.0.1', port, path: '/guide', headers: { Host: 'docs.failing.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(500);
    expect(sitePaths).toContain(`/sites/${site.id}/guide`);
    await stillServing();
  });

  it.each(['/v1/test/throws', '/v1/test/rejects'])('answers the JSON 500 for a /v1 handler that fails (%s)', async (path) => {
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await res.json()).error.code).toBe(500);
    await stillServing();
  });

  it('leaves out a header value Node cannot send instead of failing the answer', async () => {
    const res = await fetch(`${server.url}/v1/test/unsendable-header`, { headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-planted')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it('cuts short an answer already begun, and keeps serving', async () => {
    const outcome = await fetch(`${server.url}/half-sent`)
      .then((res) => res.text())
      .then(
        (text) => text,
        (error: Error) => error,
      );
    expect(outcome).toBeInstanceOf(Error);
    await stillServing();
  });
});
