import { describe, expect, it } from 'vitest';
import { inviteAndAccept } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('GET /v1/user', () => {
  it('returns the user the token belongs to', async () => {
    const res = await server.api.get('/v1/user');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'user', id: server.owner.id, displayName: 'Owner' });
    expect(res.body.urls.location).toBe(`${server.url}/v1/users/${server.owner.id}`);
  });

  it('returns 401 without a token', async () => {
    const res = await server.as(undefined).get('/v1/user');
    expect(res.status).toBe(401);
  });
});

describe('GET /v1/users/{userId}', () => {
  it('returns a user who shares an organization with the caller', async () => {
    const orgId = (await server.api.get('/v1/orgs')).body.items[0].id;
    const colleague = server.userToken('colleague@example.com');
    await inviteAndAccept(server.api, server.as(colleague.token), orgId, { email: 'colleague@example.com', role: 'read' });
    const res = await server.api.get(`/v1/users/${colleague.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'user', email: 'colleague@example.com', displayName: 'colleague' });
  });

  it('returns 404 for a user who shares no organization with the caller', async () => {
    const stranger = server.userToken('stranger@example.org');
    const res = await server.api.get(`/v1/users/${stranger.id}`);
    expect(res.status).toBe(404);
  });

  it('returns 404 for an unknown id', async () => {
    expect((await server.api.get('/v1/users/nope')).status).toBe(404);
  });
});
