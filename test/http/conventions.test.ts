import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { revokeTokenByValue } from '../../src-main/store/tokens';
import { inviteAndAccept, newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let orgId: string;
beforeAll(async () => {
  orgId = (await server.api.get('/v1/orgs')).body.items[0].id;
});

describe('authentication', () => {
  it('returns 401 without a token', async () => {
    const res = await server.as(undefined).get(`/v1/orgs/${orgId}`);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/Authorization/);
  });

  it('returns 401 for an unknown token', async () => {
    expect((await server.as('folio_not-a-token').get('/v1/orgs')).status).toBe(401);
  });

  it('returns 401 for a malformed Authorization header', async () => {
    const res = await server.as(undefined).get('/v1/orgs', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
  });

  it('returns 401 once a token is revoked', async () => {
    const user = server.userToken('revoked@example.com');
    expect((await server.as(user.token).get('/v1/user')).status).toBe(200);
    revokeTokenByValue(server.app.db, user.token, new Date().toISOString());
    expect((await server.as(user.token).get('/v1/user')).status).toBe(401);
  });

  it('checks the token before saying whether a route exists', async () => {
    expect((await fetch(`${server.url}/v1/nothing-here`)).status).toBe(401);
  });
});

describe('requests', () => {
  it('returns 400 for malformed JSON', async () => {
    const res = await server.api.request('PATCH', `/v1/orgs/${orgId}`, {
      rawBody: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body: malformed JSON/);
  });

  it('returns 400 when a body that must be an object is not one', async () => {
    const res = await server.api.request('PATCH', `/v1/orgs/${orgId}`, { body: ['title'] });
    expect(res.status).toBe(400);
  });

  it('returns 415 for a body that is not JSON', async () => {
    const res = await fetch(`${server.url}/v1/orgs/${orgId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.owner.token}`, 'content-type': 'text/plain' },
      body: 'title=x',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: { code: 415 } });
  });

  it('returns 413 for a body over the size limit', async () => {
    const res = await fetch(`${server.url}/v1/orgs/${orgId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('returns 404 with the error body for an unknown endpoint', async () => {
    const res = await fetch(`${server.url}/v1/nothing-here`, { headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, message: 'No API endpoint at GET /v1/nothing-here' } });
  });

  it('returns 405 with Allow for a method the endpoint does not have', async () => {
    const res = await fetch(`${server.url}/v1/user`, { method: 'DELETE', headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('returns 400 for malformed percent-encoding in a path', async () => {
    const res = await fetch(`${server.url}/v1/orgs/%E0%A4%A`, { headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(res.status).toBe(400);
  });

  it('builds urls from the address the caller used', async () => {
    // fetch() will not send a custom Host header; node:http will.
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(`${server.url}/v1/user`, {
        headers: { authorization: `Bearer ${server.owner.token}`, host: 'docs.internal:8080' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body).urls.location).toMatch(/^http:\/\/docs\.internal:8080\/v1\/users\//);
  });
});

describe('lists', () => {
  it.each(['limit=1001', 'limit=0', 'limit=-1', 'limit=2.5', 'limit=ten'])('returns 400 for %s', async (query) => {
    const res = await server.api.get(`/v1/orgs/${orgId}/members?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^limit:/);
  });

  it('accepts limit=1000', async () => {
    expect((await server.api.get(`/v1/orgs/${orgId}/members?limit=1000`)).status).toBe(200);
  });

  it('returns 400 for a page cursor it did not issue', async () => {
    const res = await server.api.get(`/v1/orgs/${orgId}/members?page=garbage`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^page:/);
  });

  it('pages through more rows than one page while rows are added between pages', async () => {
    const org = await newOrganization(server, 'Paged');
    const join = (email: string) => inviteAndAccept(server.api, server.as(server.userToken(email).token), org.id, { email, role: 'read' });
    const emails = Array.from({ length: 25 }, (_, i) => `paged-${String(i).padStart(2, '0')}@example.com`);
    for (const email of emails) await join(email);

    const seen: string[] = [];
    let page: string | undefined;
    let round = 0;
    do {
      const res = await server.api.get(`/v1/orgs/${org.id}/members?order=asc&limit=10${page ? `&page=${page}` : ''}`);
      seen.push(...res.body.items.map((m: { user: { email: string } }) => m.user.email));
      page = res.body.next?.page;
      // Someone joins while the caller is paging: they belong at the end, after every row already seen.
      round += 1;
      if (round <= 2) await join(`late-${round}@example.com`);
    } while (page);

    expect(seen).toEqual(['owner@folio.localhost', ...emails, 'late-1@example.com', 'late-2@example.com']);
  });

  it("pages through the caller's organizations", async () => {
    const user = server.userToken('many-orgs@example.com');
    const api = server.as(user.token);
    for (let i = 0; i < 5; i += 1) await api.post('/v1/orgs', { title: `Org ${i}` });
    const first = await api.get('/v1/orgs?limit=3');
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    const second = await api.get(`/v1/orgs?limit=3&page=${first.body.next.page}`);
    expect([...first.body.items, ...second.body.items].map((o: { title: string }) => o.title)).toEqual([
      'Org 0',
      'Org 1',
      'Org 2',
      'Org 3',
      'Org 4',
    ]);
    expect(second.body.next).toBeUndefined();
  });
});
