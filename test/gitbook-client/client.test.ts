import { GitBookAPI, GitBookAPIError, MemberRole } from '@gitbook/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingInviteId } from '../support/org';
import { useTestServer } from '../support/server';

// GitBook's own client, unchanged, pointed at a local Folio.
const server = useTestServer();
let client: GitBookAPI;
beforeAll(() => {
  client = new GitBookAPI({ authToken: server.owner.token, endpoint: server.url });
});

describe("GitBook's @gitbook/api client against Folio", () => {
  it('lists organizations and reads the authenticated user', async () => {
    const { data: orgs } = await client.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items[0]?.title).toBe('My Organization');
    const { data: me } = await client.user.getAuthenticatedUser();
    expect(me.id).toBe(server.owner.id);
  });

  it('creates an organization, manages members and teams', async () => {
    const { data: org } = await client.orgs.createOrganization({ title: 'Client Org' });
    const { data: invited } = await client.orgs.inviteUsersToOrganization(org.id, {
      emails: ['client-a@example.com', 'client-b@example.com'],
      role: MemberRole.Edit,
    });
    // Nobody joins until they accept; each invitee accepts with GitBook's client, acting as themselves.
    expect(invited).toEqual({ users: [], invited: 2 });
    const [a] = await Promise.all(
      ['client-a@example.com', 'client-b@example.com'].map(async (email) => {
        const invitee = server.userToken(email);
        const inviteId = await pendingInviteId(server.as(invitee.token), org.id);
        await new GitBookAPI({ authToken: invitee.token, endpoint: server.url }).orgs.joinOrganizationWithInvite(org.id, inviteId);
        return invitee;
      }),
    );

    const { data: member } = await client.orgs.updateMemberInOrganizationById(org.id, a!.id, { role: MemberRole.Review });
    expect(member.role).toBe('review');

    const { data: members } = await client.orgs.listMembersInOrganizationById(org.id, { limit: 2 });
    expect(members.count).toBe(3);
    expect(members.next?.page).toBeDefined();

    const { data: team } = await client.orgs.createOrganizationTeam(org.id, { title: 'Reviewers' });
    await client.orgs.updateMembersInOrganizationTeam(org.id, team.id, { add: ['client-a@example.com'] });
    const { data: teamMembers } = await client.orgs.listTeamMembersInOrganizationById(org.id, team.id);
    expect(teamMembers.items.map((m) => m.organization.user.email)).toEqual(['client-a@example.com']);
    const { data: teams } = await client.orgs.listTeamsInOrganizationById(org.id, { title: 'review' });
    expect(teams.items.map((t) => t.id)).toEqual([team.id]);
  });

  it("surfaces Folio's errors as GitBookAPIError with the server's message", async () => {
    const error = await client.orgs.updateOrganizationById('unknown-org', { title: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(400);
    expect((error as GitBookAPIError).errorMessage).toMatch(/^title:/);
  });
});
