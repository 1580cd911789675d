import type { ApiClient } from './api';
import type { TestServer } from './server';

/** A fresh organization owned by the server's owner, and a helper adding members with a role and a token. */
export async function newOrganization(server: TestServer, title = 'Test Org') {
  const org = (await server.api.post('/v1/orgs', { title })).body as { id: string };
  let counter = 0;
  return {
    id: org.id,
    /** A new user invited with `role`, who accepted: a member with a token. */
    async member(role: string | null, label = 'member') {
      counter += 1;
      const email = `${label}-${counter}-${org.id.slice(0, 6)}@example.com`.toLowerCase();
      const user = server.userToken(email, `${label} ${counter}`);
      const api = server.as(user.token);
      await inviteAndAccept(server.api, api, org.id, { email, role });
      return { ...user, email, api };
    },
  };
}

/**
 * What joining takes since invites wait for consent: `inviter` (an admin) invites the email, and `invitee` (the
 * account with that email) accepts the invite from its own list. Returns the invite's id.
 */
export async function inviteAndAccept(
  inviter: ApiClient,
  invitee: ApiClient,
  organizationId: string,
  who: { email: string; role: string | null; sso?: boolean },
): Promise<string> {
  const invited = await inviter.post(`/v1/orgs/${organizationId}/invites`, {
    emails: [{ email: who.email, role: who.role }],
    ...(who.sso ? { sso: true } : {}),
  });
  if (invited.status !== 200) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const inviteId = await pendingInviteId(invitee, organizationId);
  const accepted = await invitee.post(`/v1/orgs/${organizationId}/invites/${inviteId}`);
  if (accepted.status !== 200) throw new Error(`accepting the invite failed: ${JSON.stringify(accepted.body)}`);
  return inviteId;
}

/** The id of the caller's pending invite to this organization (from GET /v1/user/invites). */
export async function pendingInviteId(invitee: ApiClient, organizationId: string): Promise<string> {
  const mine = await invitee.get('/v1/user/invites?limit=1000');
  const invite = (mine.body.items as Array<{ id: string; organization: { id: string } }>).find((i) => i.organization.id === organizationId);
  if (!invite) throw new Error(`no pending invite to ${organizationId}: ${JSON.stringify(mine.body)}`);
  return invite.id;
}
