import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

type Item = { id: string };
const ids = (items: Item[]) => items.map((i) => i.id);

/** A published site of the given visibility with a site space per title (all at the root). */
async function publishedSite(visibility: string, ...titles: string[]) {
  const org = await newOrganization(server);
  const spaces: string[] = [];
  for (const title of titles.length ? titles : ['Guide']) spaces.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Product docs', visibility, spaces })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  expect((await server.api.post(`${url}/publish`)).status).toBe(200);
  const siteSpaces = ids((await server.api.get(`${url}/site-spaces`)).body.items);
  return { org, site, url, spaces, siteSpaces, published: `${url}/published` };
}

async function signingKey(url: string): Promise<string> {
  return (await server.api.get(`${url}/publishing/auth`)).body.privateKey;
}

async function jwt(key: string, claims: Record<string, unknown>, expiresAt: number | string = '1h'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresAt).sign(new TextEncoder().encode(key));
}

const visibleSiteSpaces = (body: { structure: { type: string; structure: Array<Item & { siteSpaces?: Item[] }> } }) =>
  body.structure.type === 'siteSpaces' ? ids(body.structure.structure) : body.structure.structure.flatMap((s) => ids(s.siteSpaces ?? []));

describe('GET published: the site as a visitor sees it', () => {
  it('returns the site, its structure, customizations over GitBook defaults and no scripts', async () => {
    const { site, published, siteSpaces } = await publishedSite('public', 'Guide', 'API');
    const res = await server.api.get(published);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'published-content-site', site: { id: site.id, published: true }, scripts: [] });
    expect(res.body.structure).toMatchObject({ type: 'siteSpaces', structure: [{ id: siteSpaces[0] }, { id: siteSpaces[1] }] });
    expect(res.body.customizations.site).toMatchObject({
      title: 'Product docs',
      styling: { theme: 'clean', primaryColor: { light: '#346DDB', dark: '#346DDB' }, corners: 'rounded', font: 'Inter', search: 'subtle' },
      internationalization: { locale: 'en' },
      themes: { default: 'light', toggeable: true },
      trademark: { enabled: true },
      insights: { trackingCookie: true },
    });
    expect(Object.keys(res.body.customizations.siteSpaces).sort()).toEqual([...siteSpaces].sort());
    expect(res.body.customizations.siteSpaces[siteSpaces[0]!].title).toBe('Product docs');
  });

  it('lays stored customizations over the defaults, site-wide and per site space', async () => {
    const { site, published, siteSpaces } = await publishedSite('public', 'Guide', 'API');
    server.app.db
      .prepare('UPDATE sites SET customization = ? WHERE id = ?')
      .run(JSON.stringify({ title: 'Custom title', styling: { corners: 'straight' }, pdf: { enabled: false } }), site.id);
    server.app.db.prepare('UPDATE site_spaces SET customization = ? WHERE id = ?').run(JSON.stringify({ styling: { font: 'Roboto' } }), siteSpaces[1]);
    const { site: custom, siteSpaces: perSpace } = (await server.api.get(published)).body.customizations;
    expect(custom).toMatchObject({ title: 'Custom title', styling: { corners: 'straight', font: 'Inter', theme: 'clean' }, pdf: { enabled: false } });
    expect(perSpace[siteSpaces[0]!].styling).toMatchObject({ corners: 'straight', font: 'Inter' });
    expect(perSpace[siteSpaces[1]!].styling).toMatchObject({ corners: 'straight', font: 'Roboto' });
  });

  it.each(['public', 'unlisted'])('opens a %s site to everyone', async (visibility) => {
    const { published } = await publishedSite(visibility);
    expect((await server.api.get(published)).status).toBe(200);
    expect((await server.api.get(`${published}?shareKey=whatever`)).status).toBe(200);
  });

  it.each(['public', 'unlisted', 'share-link', 'visitor-auth'])('hides an unpublished %s site (404), whatever the credentials', async (visibility) => {
    const { url, published } = await publishedSite(visibility);
    const key = await signingKey(url);
    const link = (await server.api.post(`${url}/share-links`, { name: 'Link' })).body;
    const shareKey = new URL(link.urls.published).searchParams.get('shareKey');
    await server.api.post(`${url}/unpublish`);
    const token = await jwt(key, {});
    for (const query of ['', `?shareKey=${shareKey}`, `?visitorAuthToken=${token}`]) {
      const res = await server.api.get(`${published}${query}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/not published/);
    }
  });

  describe('a share-link site', () => {
    async function shareLinkSite() {
      const fixture = await publishedSite('share-link');
      const link = (await server.api.post(`${fixture.url}/share-links`, { name: 'Partners' })).body;
      const shareKey = new URL(link.urls.published).searchParams.get('shareKey')!;
      return { ...fixture, link, shareKey, links: `${fixture.url}/share-links` };
    }

    it('opens with an active link key', async () => {
      const { published, shareKey } = await shareLinkSite();
      expect((await server.api.get(`${published}?shareKey=${shareKey}`)).status).toBe(200);
    });

    it('is a 404 without a key or with a wrong one', async () => {
      const { published, shareKey } = await shareLinkSite();
      expect((await server.api.get(published)).status).toBe(404);
      // One character changed (never to itself: the key may already end in x).
      const wrong = `${shareKey.slice(0, -1)}${shareKey.endsWith('x') ? 'y' : 'x'}`;
      expect((await server.api.get(`${published}?shareKey=${wrong}`)).status).toBe(404);
      const other = await shareLinkSite();
      expect((await server.api.get(`${published}?shareKey=${other.shareKey}`)).status).toBe(404);
    });

    it('is a 404 with the key of a deactivated link, and opens again when it is reactivated', async () => {
      const { published, shareKey, links, link } = await shareLinkSite();
      await server.api.patch(`${links}/${link.id}`, { active: false });
      expect((await server.api.get(`${published}?shareKey=${shareKey}`)).status).toBe(404);
      await server.api.patch(`${links}/${link.id}`, { active: true });
      expect((await server.api.get(`${published}?shareKey=${shareKey}`)).status).toBe(200);
    });

    it('is a 404 with the key of a deleted link', async () => {
      const { published, shareKey, links, link } = await shareLinkSite();
      await server.api.delete(`${links}/${link.id}`);
      expect((await server.api.get(`${published}?shareKey=${shareKey}`)).status).toBe(404);
    });

    it('does not open with a visitor token alone', async () => {
      const { url, published } = await shareLinkSite();
      const token = await jwt(await signingKey(url), { isBeta: true });
      expect((await server.api.get(`${published}?visitorAuthToken=${token}`)).status).toBe(404);
    });
  });

  describe('a visitor-auth site', () => {
    it('opens with a JWT signed HS256 with the site key, given as visitorAuthToken or jwt_token', async () => {
      const { url, published } = await publishedSite('visitor-auth');
      const token = await jwt(await signingKey(url), { email: 'reader@example.com' });
      expect((await server.api.get(`${published}?visitorAuthToken=${token}`)).status).toBe(200);
      expect((await server.api.get(`${published}?jwt_token=${token}`)).status).toBe(200);
    });

    it('is a 404 without a token', async () => {
      const { published } = await publishedSite('visitor-auth');
      const res = await server.api.get(published);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/visitor token is needed/);
    });

    it('is a 404 with an expired token', async () => {
      const { url, published } = await publishedSite('visitor-auth');
      const token = await jwt(await signingKey(url), {}, Math.floor(Date.now() / 1000) - 60);
      const res = await server.api.get(`${published}?visitorAuthToken=${token}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/expired/);
    });

    it('is a 404 with a token forged with another key, or with the key before it was regenerated', async () => {
      const { url, published } = await publishedSite('visitor-auth');
      const other = await publishedSite('visitor-auth');
      const forged = await jwt(await signingKey(other.url), {});
      expect((await server.api.get(`${published}?visitorAuthToken=${forged}`)).status).toBe(404);
      const old = await jwt(await signingKey(url), {});
      expect((await server.api.get(`${published}?visitorAuthToken=${old}`)).status).toBe(200);
      await server.api.post(`${url}/publishing/auth/regenerate`);
      expect((await server.api.get(`${published}?visitorAuthToken=${old}`)).status).toBe(404);
    });

    it('is a 404 with a token that is not a JWT, or not HS256', async () => {
      const { url, published } = await publishedSite('visitor-auth');
      expect((await server.api.get(`${published}?visitorAuthToken=not.a.jwt`)).status).toBe(404);
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"isBeta":true}').toString('base64url')}.`;
      expect((await server.api.get(`${published}?visitorAuthToken=${none}`)).status).toBe(404);
      const hs512 = await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(await signingKey(url)));
      expect((await server.api.get(`${published}?visitorAuthToken=${hs512}`)).status).toBe(404);
    });
  });

  describe('conditions', () => {
    it("hide the site spaces whose condition the visitor's claims do not meet", async () => {
      const { url, published, siteSpaces } = await publishedSite('visitor-auth', 'Guide', 'Beta', 'Pro');
      await server.api.patch(`${url}/site-spaces/${siteSpaces[1]}`, { condition: 'visitor.claims.isBeta === true' });
      await server.api.patch(`${url}/site-spaces/${siteSpaces[2]}`, { condition: 'visitor.claims.plan === "pro" || visitor.claims.roles.includes("admin")' });
      const key = await signingKey(url);
      const see = async (claims: Record<string, unknown>) => visibleSiteSpaces((await server.api.get(`${published}?visitorAuthToken=${await jwt(key, claims)}`)).body);
      expect(await see({})).toEqual([siteSpaces[0]]);
      expect(await see({ isBeta: true })).toEqual([siteSpaces[0], siteSpaces[1]]);
      expect(await see({ isBeta: 'true', plan: 'pro' })).toEqual([siteSpaces[0], siteSpaces[2]]);
      expect(await see({ roles: ['admin'], isBeta: true })).toEqual(siteSpaces);
    });

    it('use claims from a valid token on a public site, and none from an invalid one (the site stays open)', async () => {
      const { url, published, siteSpaces } = await publishedSite('public', 'Guide', 'Beta');
      await server.api.patch(`${url}/site-spaces/${siteSpaces[1]}`, { condition: 'visitor.claims.isBeta' });
      expect(visibleSiteSpaces((await server.api.get(published)).body)).toEqual([siteSpaces[0]]);
      const valid = await jwt(await signingKey(url), { isBeta: true });
      expect(visibleSiteSpaces((await server.api.get(`${published}?jwt_token=${valid}`)).body)).toEqual(siteSpaces);
      const forged = await jwt('0'.repeat(64), { isBeta: true });
      const res = await server.api.get(`${published}?jwt_token=${forged}`);
      expect(res.status).toBe(200);
      expect(visibleSiteSpaces(res.body)).toEqual([siteSpaces[0]]);
    });

    it('hide sections, their customizations, and groups left empty', async () => {
      const { org, url, published } = await publishedSite('visitor-auth', 'Guide');
      const space = async (title: string) => (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id as string;
      const beta = (await server.api.post(`${url}/sections`, { spaceId: await space('Beta') })).body;
      const internal = (await server.api.post(`${url}/sections`, { spaceId: await space('Internal') })).body;
      const secret = (await server.api.post(`${url}/sections`, { spaceId: await space('Secret') })).body;
      expect((await server.api.patch(`${url}/sections/${beta.id}`, { condition: 'visitor.claims.isBeta' })).status).toBe(200);
      expect((await server.api.patch(`${url}/sections/${secret.id}`, { condition: 'visitor.claims.isStaff' })).status).toBe(200);
      const group = (await server.api.post(`${url}/section-groups`, { title: 'Staff', sections: [secret.id] })).body;

      const key = await signingKey(url);
      const view = async (claims: Record<string, unknown>) => (await server.api.get(`${published}?visitorAuthToken=${await jwt(key, claims)}`)).body;
      const topIds = (body: { structure: { structure: Item[] } }) => ids(body.structure.structure);
      const anonymous = await view({});
      expect(anonymous.structure.type).toBe('sections');
      expect(topIds(anonymous)).toContain(internal.id);
      expect(topIds(anonymous)).not.toContain(beta.id);
      expect(topIds(anonymous)).not.toContain(group.id);
      expect(Object.keys(anonymous.customizations.siteSpaces)).not.toContain(beta.siteSpaces[0].id);
      expect(Object.keys(anonymous.customizations.siteSpaces)).toContain(internal.siteSpaces[0].id);

      const staff = await view({ isBeta: true, isStaff: true });
      expect(topIds(staff)).toEqual(expect.arrayContaining([beta.id, internal.id, group.id]));
      expect(staff.structure.structure.find((item: Item) => item.id === group.id).sections.map((s: Item) => s.id)).toEqual([secret.id]);
      expect(Object.keys(staff.customizations.siteSpaces)).toEqual(expect.arrayContaining([beta.siteSpaces[0].id, secret.siteSpaces[0].id]));
    });

    it('hide a section whose every site space is hidden', async () => {
      const { org, url, published } = await publishedSite('public', 'Guide');
      const section = (await server.api.post(`${url}/sections`, { spaceId: (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Beta' })).body.id })).body;
      const variant = section.siteSpaces[0].id;
      await server.api.patch(`${url}/site-spaces/${variant}`, { condition: 'visitor.claims.isBeta' });
      expect(ids((await server.api.get(published)).body.structure.structure)).not.toContain(section.id);
      const token = await jwt(await signingKey(url), { isBeta: true });
      expect(ids((await server.api.get(`${published}?jwt_token=${token}`)).body.structure.structure)).toContain(section.id);
    });

    it('read unsigned claims from visitor.<claim> query parameters, only where the schema declares them', async () => {
      const { url, published, siteSpaces } = await publishedSite('public', 'Guide', 'Français', 'Opt-in');
      await server.api.patch(`${url}/site-spaces/${siteSpaces[1]}`, { condition: 'visitor.claims.unsigned.language === "fr"' });
      await server.api.patch(`${url}/site-spaces/${siteSpaces[2]}`, { condition: 'visitor.claims.unsigned.optIn === true' });
      const see = async (query: string) => visibleSiteSpaces((await server.api.get(`${published}${query}`)).body);
      // No schema: unsigned claims are ignored.
      expect(await see('?visitor.language=fr&visitor.optIn=true')).toEqual([siteSpaces[0]]);

      const unsigned = {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { language: { type: 'string', description: 'Language', enum: ['en', 'fr'] }, optIn: { type: 'boolean', description: 'Opt in' } },
        additionalProperties: false,
      };
      expect((await server.api.put(`${url}/adaptive-schema`, { jsonSchema: { type: 'object', properties: { unsigned }, additionalProperties: false } })).status).toBe(200);
      expect(await see('?visitor.language=fr')).toEqual([siteSpaces[0], siteSpaces[1]]);
      expect(await see('?visitor.language=de&visitor.optIn=true')).toEqual([siteSpaces[0], siteSpaces[2]]);
      expect(await see('?visitor.optIn=yes')).toEqual([siteSpaces[0]]);
      expect(await see('?visitor.__proto__.optIn=true&visitor.constructor=x')).toEqual([siteSpaces[0]]);
    });

    it('do not let a signed token pose as unsigned claims', async () => {
      const { url, published, siteSpaces } = await publishedSite('visitor-auth', 'Guide', 'Français');
      await server.api.patch(`${url}/site-spaces/${siteSpaces[1]}`, { condition: 'visitor.claims.unsigned.language === "fr"' });
      const token = await jwt(await signingKey(url), { unsigned: { language: 'fr' } });
      expect(visibleSiteSpaces((await server.api.get(`${published}?visitorAuthToken=${token}`)).body)).toEqual([siteSpaces[0]]);
    });

    it.each([
      ['visitor.claims.isBeta ===', /^condition: unexpected end of condition/],
      ['visitor.constructor("x")', /^condition: unknown method/],
      ['alert(1)', /^condition: unknown name "alert"/],
      ['c'.repeat(1025), /^condition:/],
      ['', /^condition:/],
    ])('refuse to save the site space condition %j (400)', async (condition, message) => {
      const { url, siteSpaces } = await publishedSite('public');
      const res = await server.api.patch(`${url}/site-spaces/${siteSpaces[0]}`, { condition });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    });

    it('refuse to save a section condition that does not parse (400)', async () => {
      const { url, spaces } = await publishedSite('public', 'Guide');
      const section = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
      const res = await server.api.patch(`${url}/sections/${section.id}`, { condition: '(visitor.claims.a' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^condition: expected "\)"/);
    });
  });

  it('lets every member read it, and answers 404 to non-members and guests', async () => {
    const { org, published } = await publishedSite('public');
    expect((await (await org.member('read')).api.get(published)).status).toBe(200);
    expect((await (await org.member(null, 'guest')).api.get(published)).status).toBe(404);
    expect((await server.as(server.userToken('published-stranger@example.com').token).get(published)).status).toBe(404);
    expect((await server.api.get(`${published.replace(/sites\/[^/]+/, 'sites/missing')}`)).status).toBe(404);
  });

  it('returns 400 for a share key over 256 characters', async () => {
    const { published } = await publishedSite('share-link');
    const res = await server.api.get(`${published}?shareKey=${'k'.repeat(257)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^shareKey:/);
  });
});
