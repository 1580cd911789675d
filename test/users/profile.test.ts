import { describe, expect, it } from 'vitest';
import { inviteAndAccept } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';

const server = useTestServer();

describe('PATCH /v1/users/{userId}', () => {
  it('changes your display name, email and photo, and GET /v1/user then returns them', async () => {
    const me = server.userToken('writer@example.com', 'Writer');
    const as = server.as(me.token);
    const res = await as.patch(`/v1/users/${me.id}`, {
      displayName: '  Ada Lovelace ',
      email: 'ada@example.com',
      photoURL: 'https://example.com/ada.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'user', id: me.id, displayName: 'Ada Lovelace', email: 'ada@example.com', photoURL: 'https://example.com/ada.png' });
    expect((await as.get('/v1/user')).body).toMatchObject({ displayName: 'Ada Lovelace', email: 'ada@example.com' });

    // A single field leaves the others as they are.
    await as.patch(`/v1/users/${me.id}`, { displayName: 'Ada' });
    expect((await as.get('/v1/user')).body).toMatchObject({ displayName: 'Ada', email: 'ada@example.com', photoURL: 'https://example.com/ada.png' });
  });

  it('answers 400 naming the field for an empty or too long name, a malformed email, an unknown field or nothing to change', async () => {
    const me = server.userToken('checks@example.com');
    const as = server.as(me.token);
    const cases: Array<[unknown, string]> = [
      [{ displayName: '   ' }, 'displayName: must not be empty'],
      [{ displayName: 'x'.repeat(65) }, 'displayName: must be at most 64 characters'],
      [{ email: 'not an email' }, 'email: must be an email address'],
      [{ photoURL: 'ftp://example.com/a.png' }, 'photoURL: must be an http(s) URL'],
      [{ name: 'Ada' }, 'Unrecognized key'],
      [{}, 'give at least one of displayName, email, photoURL'],
    ];
    for (const [body, message] of cases) {
      const res = await as.patch(`/v1/users/${me.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await as.get('/v1/user')).body.displayName).toBe('checks');
  });

  it("refuses an email another account has (409), another member's profile (403) and a stranger's (404)", async () => {
    const me = server.userToken('own@example.com');
    server.userToken('taken@example.com');
    const taken = await server.as(me.token).patch(`/v1/users/${me.id}`, { email: 'TAKEN@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toContain('email:');

    const orgId = (await server.api.get('/v1/orgs')).body.items[0].id;
    const colleague = server.userToken('colleague@example.com');
    await inviteAndAccept(server.api, server.as(colleague.token), orgId, { email: 'colleague@example.com', role: 'admin' });
    const other = await server.api.patch(`/v1/users/${colleague.id}`, { displayName: 'Renamed by the owner' });
    expect(other.status).toBe(403);
    expect((await server.api.patch(`/v1/users/${me.id}`, { displayName: 'Nope' })).status).toBe(404);
    expect((await server.as(undefined).patch(`/v1/users/${me.id}`, { displayName: 'Nope' })).status).toBe(401);
  });
});

describe('user.updateProfile (tRPC)', () => {
  it('changes the caller’s own profile as /v1 shows it, with the same words for bad input', async () => {
    const me = server.userToken('app@example.com');
    const client = trpcClient(server.url, me.token);
    const updated = await client.user.updateProfile.mutate({ displayName: 'Grace Hopper', email: 'grace@example.com' });
    expect(updated).toEqual((await server.as(me.token).get('/v1/user')).body);
    expect(updated).toMatchObject({ displayName: 'Grace Hopper', email: 'grace@example.com' });

    const refused = await trpcError(client.user.updateProfile.mutate({ email: 'nope' }));
    expect(refused.httpStatus).toBe(400);
    expect(refused.message).toContain('email: must be an email address');
  });
});
