import type { TestServer } from './server';

/** A fresh organization owned by the server's owner, and a helper adding members with a role and a token. */
export async function newOrganization(server: TestServer, title = 'Test Org') {
  const org = (await server.api.post('/v1/orgs', { title })).body as { id: string };
  let counter = 0;
  return {
    id: org.id,
    async member(role: string | null, label = 'member') {
      counter += 1;
      const email = `${label}-${counter}-${org.id.slice(0, 6)}@example.com`.toLowerCase();
      const user = server.userToken(email, `${label} ${counter}`);
      const res = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: [{ email, role }] });
      if (res.status !== 200) throw new Error(`invite failed: ${JSON.stringify(res.body)}`);
      return { ...user, email, api: server.as(user.token) };
    },
  };
}
