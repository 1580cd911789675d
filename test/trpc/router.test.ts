import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src-main/trpc/router';
import { useTestServer } from '../support/server';

const server = useTestServer();

function client(token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}

describe('tRPC over HTTP', () => {
  it('returns the same organization objects as /v1', async () => {
    const viaTrpc = await client(server.owner.token).orgs.list.query({});
    const viaRest = (await server.api.get('/v1/orgs')).body;
    expect(viaTrpc).toEqual(viaRest);
  });

  it('lists members and teams of an organization', async () => {
    const orgId = (await server.api.get('/v1/orgs')).body.items[0].id;
    await server.api.put(`/v1/orgs/${orgId}/teams`, { title: 'Via tRPC' });
    const trpc = client(server.owner.token);
    expect((await trpc.members.list.query({ organizationId: orgId })).items[0]?.user.email).toBe('owner@folio.localhost');
    expect((await trpc.teams.list.query({ organizationId: orgId })).items.map((t) => t.title)).toEqual(['Via tRPC']);
  });

  it('refuses callers without a valid token', async () => {
    const error = await client('bad-token').orgs.list.query({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
  });

  it("maps Folio's errors to tRPC codes with the same message", async () => {
    const error = await client(server.owner.token).orgs.get.query({ organizationId: 'missing' }).catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('NOT_FOUND');
    expect((error as Error).message).toBe('Organization "missing" not found');
    const stranger = server.userToken('trpc-stranger@example.com');
    const orgId = (await server.api.get('/v1/orgs')).body.items[0].id;
    const hidden = await client(stranger.token).members.list.query({ organizationId: orgId }).catch((e: unknown) => e);
    expect((hidden as TRPCClientError<AppRouter>).data?.httpStatus).toBe(404);
  });
});
