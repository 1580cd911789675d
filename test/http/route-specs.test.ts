import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';

// Routes planted on the real server: what a registration declares is what every request meets.
const server = useTestServer();
// Plain fetch: these planted paths are no operation of GitBook's spec for the checking client to look up.
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.owner.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
const count = () => (server.app.db.prepare('SELECT COUNT(*) AS n FROM route_spec_probe').get() as { n: number }).n;

beforeAll(() => {
  server.app.db.exec('CREATE TABLE route_spec_probe (id INTEGER PRIMARY KEY)');
  const writeProbe = ({ ctx }: { ctx: { db: typeof server.app.db } }) => {
    ctx.db.prepare('INSERT INTO route_spec_probe DEFAULT VALUES').run();
    return { status: 204 };
  };
  const { router } = server.app;
  router.get('/v1/test/echo', { effect: 'read', query: z.strictObject({ limit: z.coerce.number().int().max(10).optional(), tags: z.array(z.string()).optional() }), repeatedQuery: ['tags'] }, ({ query }) => ({
    status: 200,
    body: query,
  }));
  router.post('/v1/test/echo', { effect: 'write', body: z.strictObject({ title: z.string().optional() }), optionalBody: true }, ({ body }) => ({ status: 200, body }));
  router.put('/v1/test/echo', { effect: 'write', body: z.strictObject({ title: z.string() }) }, ({ body }) => ({ status: 200, body }));
  router.get('/v1/test/read-that-writes', { effect: 'read' }, writeProbe);
  router.post('/v1/test/read-that-writes', { effect: 'read' }, writeProbe);
  router.get('/v1/test/write', { effect: 'write' }, writeProbe);
});

describe('a route declaring its query', () => {
  it('returns 400 naming the parameter when the query does not match the schema, before the handler runs', async () => {
    const response = await call('GET', '/v1/test/echo?limit=11');
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^limit: /);
  });

  it('returns 400 naming an unknown parameter when the schema is strict', async () => {
    const response = await call('GET', '/v1/test/echo?colour=red');
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('colour');
  });

  it('hands the handler what the schema made of it, a repeated parameter as an array', async () => {
    const response = await call('GET', '/v1/test/echo?limit=3&tags=a&tags=b,c');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ limit: 3, tags: ['a', 'b', 'c'] });
  });
});

describe('a route declaring its body', () => {
  it('parses an absent body as {} when the body is optional', async () => {
    const response = await call('POST', '/v1/test/echo');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
  });

  it('returns 400 when a required body is absent, and names the field a present one gets wrong', async () => {
    expect((await call('PUT', '/v1/test/echo')).status).toBe(400);
    const wrong = await call('PUT', '/v1/test/echo', { title: 7 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^title: /);
  });
});

describe('a route declared read', () => {
  it('cannot write under test: the write fails and nothing is stored (GET and POST alike)', async () => {
    expect((await call('GET', '/v1/test/read-that-writes')).status).toBe(500);
    expect((await call('POST', '/v1/test/read-that-writes', {})).status).toBe(500);
    expect(count()).toBe(0);
  });

  it('leaves the connection writable afterwards: a route declared write writes', async () => {
    expect((await call('GET', '/v1/test/write')).status).toBe(204);
    expect(count()).toBe(1);
  });
});
