import { describe, expect, it } from 'vitest';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { spaceWithPages } from './preview-support';

const server = useTestServer();

describe('site redirects to an address beyond ASCII', () => {
  it.each([
    ['a snowman', 'https://example.com/sign-in/☃?next=é', 'https://example.com/sign-in/%E2%98%83?next=%C3%A9'],
    ['a NUL character', 'https://example.com/sign-in/a\u0000b', 'https://example.com/sign-in/a%00b'],
  ])('sends a visitor to a fallback URL with %s, percent-encoded in the Location', async (_what, fallbackURL, location) => {
    const org = await newOrganization(server);
    const space = await spaceWithPages(server, org.id, 'Guide', [{ title: 'Start', markdown: 'Hello.' }]);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'visitor-auth', spaces: [space.id] })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    await server.api.post(`${url}/publish`);
    // Stored directly: /v1 would answer it back, which GitBook's spec (a `uri`) refuses to validate.
    server.app.db.prepare('UPDATE sites SET visitor_auth_fallback_url = ? WHERE id = ?').run(fallbackURL, site.id);

    const res = await fetch(`${server.url}/sites/${site.id}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });
});
