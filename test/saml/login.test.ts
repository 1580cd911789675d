import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { getUserByEmail } from '../../src-main/store/users';
import { createTestIdp, tamper, type TestIdp } from '../support/saml-idp';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let idp: TestIdp;
let intruder: TestIdp;

beforeAll(async () => {
  [idp, intruder] = await Promise.all([createTestIdp('login-idp'), createTestIdp('intruder-idp')]);
});

let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@corp.example.com`;

/** An organization with a team and an active provider for the test IdP. */
async function setup(defaultRole: string | null = 'edit') {
  const org = await newOrganization(server, 'SSO Org');
  const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Everyone' })).body as { id: string };
  const provider = (
    await server.api.post(`/v1/orgs/${org.id}/saml`, {
      label: 'Test IdP',
      entityID: idp.entityId,
      certificate: idp.certificate,
      ssoURL: idp.ssoURL,
      defaultTeam: team.id,
      defaultRole,
    })
  ).body as { id: string; service: { acsURL: string; startURL: string; entityID: string } };
  return { org, team, provider };
}

/** What a browser does at the start URL: follows nothing, keeps the cookie, and hands the redirect to the IdP. */
async function startLogin(startURL: string) {
  const res = await fetch(startURL, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { location, cookie, request: idp.readRequest(location) };
}

/** The IdP's auto-submitted form, posted to the ACS. */
function postAcs(acsURL: string, samlResponse: string) {
  return fetch(acsURL, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
}

function exchange(code: string, cookie?: string) {
  return fetch(`${server.url}/sso/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ code }),
  });
}

const codeOf = (res: Response) => new URLSearchParams(res.headers.get('location')!.split('?')[1]).get('code')!;

describe('SP-initiated SAML login', () => {
  it('redirects the start URL to the IdP with a deflated AuthnRequest naming our entity ID and ACS', async () => {
    const { provider } = await setup();
    const { location, cookie, request } = await startLogin(provider.service.startURL);
    expect(location.startsWith(`${idp.ssoURL}?SAMLRequest=`)).toBe(true);
    expect(request).toMatchObject({ issuer: provider.service.entityID, acsURL: provider.service.acsURL, destination: idp.ssoURL });
    expect(request.id).toMatch(/^_[0-9a-f]{40}$/);
    expect(cookie).toMatch(/^folio_sso=[\w-]{43}$/);
    const xml = inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64')).toString();
    expect(xml).toContain('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
  });

  it('signs in a person with a signed assertion: user created, member with the default role, SSO, in the default team, with a working session', async () => {
    const { org, team, provider } = await setup('edit');
    const email = newEmail('ada');
    const { cookie, request } = await startLogin(provider.service.startURL);
    const response = idp.respond({ inResponseTo: request.id, email, audience: provider.service.entityID, acsURL: provider.service.acsURL, displayName: 'Ada Lovelace' });

    const acs = await postAcs(provider.service.acsURL, response);
    expect(acs.status).toBe(303);
    expect(acs.headers.get('location')).toMatch(new RegExp(`^${server.url}/#/sso/complete\\?code=[\\w-]{43}$`));
    expect(acs.headers.get('location')).not.toContain('folio_');

    const exchanged = await exchange(codeOf(acs), cookie);
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    expect(token).toMatch(/^folio_/);

    const me = await server.as(token).get('/v1/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, displayName: 'Ada Lovelace' });
    const member = await server.api.get(`/v1/orgs/${org.id}/members/${me.body.id}`);
    expect(member.body).toMatchObject({ role: 'edit', sso: true, teams: 1 });
    const teamMembers = await server.api.get(`/v1/orgs/${org.id}/teams/${team.id}/members`);
    expect(teamMembers.body.items.map((m: { organization: { id: string } }) => m.organization.id)).toContain(me.body.id);
    // The session reaches the organization it joined.
    expect((await server.as(token).get(`/v1/orgs/${org.id}/spaces`)).status).toBe(200);
  });

  it('keeps an existing member\'s role and makes them an SSO member', async () => {
    const { org, provider } = await setup('read');
    const existing = await org.member('admin', 'existing');
    const { cookie, request } = await startLogin(provider.service.startURL);
    const acs = await postAcs(
      provider.service.acsURL,
      idp.respond({ inResponseTo: request.id, email: existing.email.toUpperCase(), audience: provider.service.entityID, acsURL: provider.service.acsURL }),
    );
    expect(acs.status).toBe(303);
    const { token } = (await (await exchange(codeOf(acs), cookie)).json()) as { token: string };
    expect((await server.as(token).get('/v1/user')).body.id).toBe(existing.id);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${existing.id}`)).body).toMatchObject({ role: 'admin', sso: true });
  });

  it('trades a code once, and only in the browser that started the login', async () => {
    const { provider } = await setup();
    const { cookie, request } = await startLogin(provider.service.startURL);
    const acs = await postAcs(provider.service.acsURL, idp.respond({ inResponseTo: request.id, email: newEmail('once'), audience: provider.service.entityID, acsURL: provider.service.acsURL }));
    const code = codeOf(acs);
    const elsewhere = await exchange(code, 'folio_sso=someone-elses-nonce');
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toMatch(/another browser/);
    // The failed try used the code up.
    const again = await exchange(code, cookie);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/^code:/);
    expect((await exchange('made-up', cookie)).status).toBe(400);
  });

  describe('refuses, creating nothing,', () => {
    async function refused(build: (ctx: { requestId: string; entityID: string; acsURL: string; email: string }) => string, expected: RegExp) {
      const { provider } = await setup();
      const email = newEmail('refused');
      const { request } = await startLogin(provider.service.startURL);
      const res = await postAcs(provider.service.acsURL, build({ requestId: request.id, entityID: provider.service.entityID, acsURL: provider.service.acsURL, email }));
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(expected);
      expect(getUserByEmail(server.app.db, email)).toBeUndefined();
    }

    it('an assertion whose email was changed after signing', async () => {
      await refused(({ requestId, entityID, acsURL, email }) => {
        const signed = idp.respond({ inResponseTo: requestId, email: `victim-${email}`, audience: entityID, acsURL });
        return tamper(signed, `victim-${email}`, email);
      }, /Invalid signature/);
    });

    it('an assertion signed by another key', async () => {
      await refused(({ requestId, entityID, acsURL, email }) => intruder.respond({ inResponseTo: requestId, email, audience: entityID, acsURL, issuer: idp.entityId }), /Invalid signature/);
    });

    it('an unsigned assertion', async () => {
      await refused(({ requestId, entityID, acsURL, email }) => idp.respond({ inResponseTo: requestId, email, audience: entityID, acsURL, unsigned: true }), /Invalid signature/);
    });

    it('an assertion for another audience', async () => {
      await refused(({ requestId, acsURL, email }) => idp.respond({ inResponseTo: requestId, email, audience: 'https://other-sp.example.test/metadata', acsURL }), /audience/i);
    });

    it('an expired assertion', async () => {
      const past = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      await refused(
        ({ requestId, entityID, acsURL, email }) => idp.respond({ inResponseTo: requestId, email, audience: entityID, acsURL, notBefore: past(20), notOnOrAfter: past(10) }),
        /expired|subject confirmation/i,
      );
    });

    it('an assertion answering no request of ours (IdP-initiated or made up)', async () => {
      await refused(({ entityID, acsURL, email }) => idp.respond({ inResponseTo: '_not-a-request-of-ours', email, audience: entityID, acsURL }), /InResponseTo is not valid/);
      await refused(({ entityID, acsURL, email }) => idp.respond({ email, audience: entityID, acsURL }), /InResponseTo is missing/);
    });

    it("an assertion whose issuer is not the provider's entity ID", async () => {
      await refused(({ requestId, entityID, acsURL, email }) => idp.respond({ inResponseTo: requestId, email, audience: entityID, acsURL, issuer: 'https://someone-else.example.test' }), /issuer/);
    });

    it('a post that is no SAML response', async () => {
      await refused(() => Buffer.from('<not-saml/>').toString('base64'), /refused/);
    });
  });

  it('refuses a replayed response: the request it answers is used up', async () => {
    const { provider } = await setup();
    const email = newEmail('replay');
    const { request } = await startLogin(provider.service.startURL);
    const response = idp.respond({ inResponseTo: request.id, email, audience: provider.service.entityID, acsURL: provider.service.acsURL });
    expect((await postAcs(provider.service.acsURL, response)).status).toBe(303);
    const replay = await postAcs(provider.service.acsURL, response);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toMatch(/InResponseTo is not valid/);
  });

  it("refuses a response answering another provider's request", async () => {
    const a = await setup();
    const b = await setup();
    const email = newEmail('cross');
    const { request } = await startLogin(a.provider.service.startURL);
    const response = idp.respond({ inResponseTo: request.id, email, audience: b.provider.service.entityID, acsURL: b.provider.service.acsURL });
    expect((await postAcs(b.provider.service.acsURL, response)).status).toBe(400);
    expect(getUserByEmail(server.app.db, email)).toBeUndefined();
  });

  it('answers 404 for an unknown provider, 409 for one not set up, and 405 for the wrong method', async () => {
    expect((await fetch(`${server.url}/sso/saml/nope/start`, { redirect: 'manual' })).status).toBe(404);
    expect((await postAcs(`${server.url}/sso/saml/nope/acs`, 'x')).status).toBe(404);
    expect((await fetch(`${server.url}/sso/saml/nope/metadata`)).status).toBe(404);
    const { org } = await setup();
    const pending = (await server.api.post(`/v1/orgs/${org.id}/saml`, { label: 'Pending' })).body as { service: { startURL: string } };
    const res = await fetch(pending.service.startURL, { redirect: 'manual' });
    expect(res.status).toBe(409);
    expect(await res.text()).toMatch(/not set up yet/);
    const { provider } = await setup();
    expect((await fetch(provider.service.acsURL)).status).toBe(405);
  });

  it('serves SP metadata at the SP entity ID', async () => {
    const { provider } = await setup();
    const res = await fetch(provider.service.entityID);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${provider.service.entityID}"`);
    expect(xml).toContain(`Location="${provider.service.acsURL}"`);
  });

  it('stops signing people in through a deleted provider', async () => {
    const { org, provider } = await setup();
    const { request } = await startLogin(provider.service.startURL);
    await server.api.delete(`/v1/orgs/${org.id}/saml/${(provider as unknown as { id: string }).id}`);
    const email = newEmail('late');
    const res = await postAcs(provider.service.acsURL, idp.respond({ inResponseTo: request.id, email, audience: provider.service.entityID, acsURL: provider.service.acsURL }));
    expect(res.status).toBe(404);
    expect(getUserByEmail(server.app.db, email)).toBeUndefined();
  });
});
