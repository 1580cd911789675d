import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

describe('permissions procedures over HTTP', () => {
  it('invite, list, update and remove on a space, a collection and a site agree with /v1', async () => {
    const org = await newOrganization(server, 'tRPC permissions');
    const member = await org.member('read', 'trpc-reader');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Team' })).body.id as string;
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'S' })).body.id as string;
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'C' })).body.id as string;
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Site' })).body.id as string;
    const targets = [
      { target: { kind: 'space' as const, spaceId: space }, path: `/v1/spaces/${space}/permissions` },
      { target: { kind: 'collection' as const, collectionId: collection }, path: `/v1/collections/${collection}/permissions` },
      { target: { kind: 'site' as const, organizationId: org.id, siteId: site }, path: `/v1/orgs/${org.id}/sites/${site}/permissions` },
    ];
    for (const { target, path } of targets) {
      await owner().permissions.invite.mutate({ target, invite: { role: 'edit', users: [member.id], teams: [team] } });
      expect(await owner().permissions.listUsers.query({ target })).toEqual((await server.api.get(`${path}/users`)).body);
      expect(await owner().permissions.listTeams.query({ target })).toEqual((await server.api.get(`${path}/teams`)).body);
      await owner().permissions.update.mutate({ target, principal: 'user', principalId: member.id, role: 'review' });
      expect((await server.api.get(`${path}/users`)).body.items[0].permission).toBe('review');
      if (target.kind !== 'site') {
        expect(await owner().permissions.aggregate.query({ target })).toEqual((await server.api.get(`${path}/aggregate`)).body);
      }
      expect(await owner().permissions.remove.mutate({ target, principal: 'team', principalId: team })).toEqual({ removed: true });
      expect((await server.api.get(`${path}/teams`)).body.count).toBe(0);
    }
    const refused = await trpcError(
      trpcClient(server.url, member.token).permissions.invite.mutate({ target: targets[0]!.target, invite: { role: 'admin', users: [member.id] } }),
    );
    expect(refused.httpStatus).toBe(403);
    const nullOnSite = await trpcError(
      owner().permissions.update.mutate({ target: targets[2]!.target, principal: 'user', principalId: member.id, role: null }),
    );
    expect(nullOnSite.message).toMatch(/^role:/);
    expect(nullOnSite.httpStatus).toBe(400);
  });
});
