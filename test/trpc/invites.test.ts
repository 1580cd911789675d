import { describe, expect, it } from 'vitest';
import { manualClock } from '../support/clock';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

// A still clock: the two refusals below say the same number of seconds to wait.
const server = useTestServer({ clock: manualClock(), config: { inviteRateLimit: { invites: 3, windowMs: 60 * 60 * 1000 } } });

describe('invites over tRPC', () => {
  it('invites, lists and accepts with the same objects as /v1', async () => {
    const org = await newOrganization(server);
    const owner = trpcClient(server.url, server.owner.token);
    expect(await owner.invites.inviteUsers.mutate({ organizationId: org.id, emails: ['trpc-invitee@example.com'], role: 'comment' })).toEqual({
      users: [],
      invited: 1,
    });
    expect(await owner.invites.list.query({ organizationId: org.id })).toEqual((await server.api.get(`/v1/orgs/${org.id}/invites`)).body);

    const invitee = server.userToken('trpc-invitee@example.com');
    const asInvitee = trpcClient(server.url, invitee.token);
    const mine = await asInvitee.invites.listMy.query({});
    expect(mine).toEqual((await server.as(invitee.token).get('/v1/user/invites')).body);
    expect(await asInvitee.invites.join.mutate({ organizationId: org.id, inviteId: mine.items[0]!.id })).toEqual({ accepted: true });
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${invitee.id}`)).body.role).toBe('comment');
  });

  it('declines and revokes, refusing anyone the invite is not for with NOT_FOUND', async () => {
    const org = await newOrganization(server);
    const owner = trpcClient(server.url, server.owner.token);
    await owner.invites.inviteUsers.mutate({ organizationId: org.id, emails: ['trpc-decliner@example.com', 'trpc-revoked@example.com'] });
    const decliner = trpcClient(server.url, server.userToken('trpc-decliner@example.com').token);
    const [invite] = (await decliner.invites.listMy.query({})).items;
    const stranger = trpcClient(server.url, server.userToken('trpc-stranger-invites@example.com').token);
    expect(await trpcError(stranger.invites.join.mutate({ organizationId: org.id, inviteId: invite!.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await trpcError(stranger.invites.decline.mutate({ inviteId: invite!.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await decliner.invites.decline.mutate({ inviteId: invite!.id })).toEqual({ declined: true });

    const pending = await owner.invites.list.query({ organizationId: org.id });
    expect(pending.items.map((i) => i.email)).toEqual(['trpc-revoked@example.com']);
    expect(await owner.invites.revoke.mutate({ organizationId: org.id, inviteId: pending.items[0]!.id })).toEqual({ revoked: true });
    expect((await owner.invites.list.query({ organizationId: org.id })).count).toBe(0);
  });

  it('refuses past the rate limit with TOO_MANY_REQUESTS and the same message as /v1', async () => {
    const org = await newOrganization(server);
    const owner = trpcClient(server.url, server.owner.token);
    await owner.invites.inviteUsers.mutate({ organizationId: org.id, emails: ['l1@example.com', 'l2@example.com', 'l3@example.com'] });
    const refused = await trpcError(owner.invites.inviteUsers.mutate({ organizationId: org.id, emails: ['l4@example.com'] }));
    const viaRest = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['l4@example.com'] });
    expect(refused).toEqual({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: viaRest.body.error.message });
  });
});
