import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../../src-main/app/app';
import { uploadFile } from '../../../src-main/files/service';
import { getUserById } from '../../../src-main/store/users';
import { pngImage } from '../../support/images';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

/** A published site of two sections (Guide, default; Beta, shown to `beta` visitors only) with the given visibility. */
async function site(visibility: string) {
  const org = await newOrganization(server);
  const guide = await spaceWithPages(server, org.id, 'Guide', [{ title: 'Start', markdown: 'Welcome aboard.\n\n![Diagram](.gitbook/assets/diagram.png)\n' }]);
  const beta = await spaceWithPages(server, org.id, 'Beta', [{ title: 'Preview features', markdown: 'Secret roadmap.' }]);
  const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility, spaces: [guide.id] })).body;
  const url = `/v1/orgs/${org.id}/sites/${created.id}`;
  const section = (await server.api.post(`${url}/sections`, { spaceId: beta.id, title: 'Beta' })).body;
  expect((await server.api.patch(`${url}/sections/${section.id}`, { condition: 'visitor.claims.beta === true' })).status).toBe(200);
  await server.api.post(`${url}/publish`);
  const key = (await server.api.get(`${url}/publishing/auth`)).body.privateKey as string;
  return { org, url, root: `${server.url}/sites/${created.id}/`, key, siteId: created.id as string, guideSpaceId: guide.id };
}

async function jwt(key: string, claims: Record<string, unknown>, expiresAt: number | string = '1h') {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresAt).sign(new TextEncoder().encode(key));
}

/** Follows the one redirect that stores the credential in a cookie, then reads the page with it. */
async function withCredential(address: string, path = '') {
  const first = await siteFetch(address, {}, 'manual');
  if (first.status !== 302) return first;
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  const base = new URL(address);
  return siteFetch(`${base.origin}${first.headers.get('location')}${path}`, { Cookie: cookie });
}

describe('site preview access', () => {
  it('admits a visitor-auth visitor with a valid JWT, whose claims show the conditional section', async () => {
    const { root, key } = await site('visitor-auth');
    const plain = await withCredential(`${root}?jwt_token=${await jwt(key, {})}`);
    expect(plain.status).toBe(200);
    expect(plain.html).not.toContain('>Beta</a>');
    const beta = await withCredential(`${root}?jwt_token=${await jwt(key, { beta: true })}`, 'beta/');
    expect(beta.status).toBe(200);
    expect(beta.html).toContain('Secret roadmap.');
    expect(beta.html).toContain('>Beta</a>');
  });

  it('refuses a visitor-auth visitor without a token, with an expired one and with a forged one', async () => {
    const { root, key } = await site('visitor-auth');
    expect((await siteFetch(root)).status).toBe(401);
    const expired = await jwt(key, {}, Math.floor(Date.now() / 1000) - 60);
    expect((await siteFetch(`${root}?jwt_token=${expired}`, {}, 'manual')).status).toBe(401);
    const forged = await jwt('f'.repeat(64), {});
    expect((await siteFetch(`${root}?jwt_token=${forged}`, {}, 'manual')).status).toBe(401);
  });

  it("sends a refused visitor to the site's fallback URL when it has one", async () => {
    const { root, url } = await site('visitor-auth');
    expect((await server.api.patch(`${url}/publishing/auth`, { backend: 'custom', fallbackURL: 'https://login.example.com/docs' })).status).toBe(200);
    const res = await siteFetch(root, {}, 'manual');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://login.example.com/docs');
  });

  it('hides a conditional section from a public visitor, its pages answering 404', async () => {
    const { root } = await site('public');
    const home = await siteFetch(root);
    expect(home.status).toBe(200);
    expect(home.html).toContain('Welcome aboard.');
    expect(home.html).not.toContain('Beta');
    const hidden = await siteFetch(`${root}beta/preview-features`);
    // Not a page of the Beta section: the address falls to the default section, which has no such page.
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('Secret roadmap.');
  });

  it('refuses a deactivated share link', async () => {
    const { root, url } = await site('share-link');
    const link = (await server.api.post(`${url}/share-links`, { name: 'Partners' })).body;
    const first = await siteFetch(link.urls.published, {}, 'manual');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect((await siteFetch(root, { Cookie: cookie })).status).toBe(200);
    await server.api.patch(`${url}/share-links/${link.id}`, { active: false });
    expect((await siteFetch(root, { Cookie: cookie })).status).toBe(404);
    expect((await siteFetch(`${root}?shareKey=wrong`, {}, 'manual')).status).toBe(404);
  });

  it('serves a file of a visible space, sandboxed, and 404 for one the visitor cannot reach', async () => {
    const { root, guideSpaceId } = await site('public');
    const home = await siteFetch(root);
    const src = /<img src="([^"]+)"/.exec(home.html)?.[1];
    expect(src).toMatch(/~files\/[^/]+\/diagram\.png$/);
    // Named in the page before it was uploaded: 404, then the image once it is there.
    expect((await siteFetch(`${server.url}${src}`)).status).toBe(404);
    const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
    const png = pngImage(4, 3);
    uploadFile(owner, guideSpaceId, { name: 'diagram.png', contentType: 'image/png', bytes: png });
    const image = await fetch(`${server.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    expect((await siteFetch(`${root}~files/not-a-site-space/diagram.png`)).status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const { root } = await site('public');
    const head = await fetch(root, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(root, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
