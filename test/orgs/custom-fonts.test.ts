import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { siteFetch } from '../sites/preview/preview-support';

const server = useTestServer();

const faces = [
  { weight: 400, storageKey: 'https://cdn.example.com/fonts/brand-regular.woff2' },
  { weight: 700, storageKey: 'https://cdn.example.com/fonts/brand-bold.woff' },
];

async function orgWithFont() {
  const org = await newOrganization(server);
  const fonts = `/v1/orgs/${org.id}/fonts`;
  const created = await server.api.put(fonts, { fontFamily: 'Brand Sans', fontFaces: faces });
  return { org, fonts, created };
}

describe("an organization's custom fonts", () => {
  it('creates a font with its faces as sources, and reads and lists it', async () => {
    const { fonts, created } = await orgWithFont();
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      custom: true,
      fontFamily: 'Brand Sans',
      fontFaces: [
        { weight: 400, sources: [{ url: faces[0]!.storageKey, format: 'woff2' }] },
        { weight: 700, sources: [{ url: faces[1]!.storageKey, format: 'woff' }] },
      ],
      permissions: { edit: true },
    });
    expect((await server.api.get(`${fonts}/${created.body.id}`)).body).toEqual(created.body);
    const listed = await server.api.get(fonts);
    expect(listed.body.items).toEqual([created.body]);
    expect(listed.body.count).toBe(1);
  });

  it('updates the family, replaces and removes weights (201), keeping the regular one required', async () => {
    const { fonts, created } = await orgWithFont();
    const updated = await server.api.post(`${fonts}/${created.body.id}`, {
      fontFamily: 'Brand Serif',
      fontFaces: [
        { weight: 700, storageKey: null },
        { weight: 500, storageKey: 'https://cdn.example.com/fonts/brand-medium.woff2' },
      ],
    });
    expect(updated.status).toBe(201);
    expect(updated.body.fontFamily).toBe('Brand Serif');
    expect(updated.body.fontFaces.map((face: { weight: number }) => face.weight)).toEqual([400, 500]);
    const withoutRegular = await server.api.post(`${fonts}/${created.body.id}`, { fontFaces: [{ weight: 400, storageKey: null }] });
    expect(withoutRegular.status).toBe(400);
    expect(withoutRegular.body.error.message).toMatch(/^fontFaces: .*400/);
  });

  it('deletes a font (205), then 204, and a deleted font is a 404', async () => {
    const { fonts, created } = await orgWithFont();
    expect((await server.api.delete(`${fonts}/${created.body.id}`)).status).toBe(205);
    expect((await server.api.delete(`${fonts}/${created.body.id}`)).status).toBe(204);
    expect((await server.api.get(`${fonts}/${created.body.id}`)).status).toBe(404);
  });

  it.each([
    [{ fontFamily: 'X', fontFaces: [{ weight: 700, storageKey: 'https://cdn.example.com/b.woff2' }] }, /^fontFaces: .*400/],
    [{ fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: 'fonts/regular.woff2' }] }, /^fontFaces\.0\.storageKey:/],
    [{ fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: 'http://cdn.example.com/a.woff2' }] }, /^fontFaces\.0\.storageKey:/],
    [{ fontFamily: '', fontFaces: [{ weight: 400, storageKey: 'https://cdn.example.com/a.woff2' }] }, /^fontFamily:/],
    [{ fontFamily: 'X', fontFaces: [] }, /^fontFaces:/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const org = await newOrganization(server);
    const res = await server.api.put(`/v1/orgs/${org.id}/fonts`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('lets members read fonts (edit: false) and only admins change them; others see no organization', async () => {
    const { org, fonts, created } = await orgWithFont();
    const member = await org.member('edit');
    expect((await member.api.get(`${fonts}/${created.body.id}`)).body.permissions).toEqual({ edit: false });
    expect((await member.api.put(fonts, { fontFamily: 'Mine', fontFaces: faces })).status).toBe(403);
    expect((await member.api.delete(`${fonts}/${created.body.id}`)).status).toBe(403);
    const outsider = await (await newOrganization(server, 'Other')).member('admin');
    expect((await outsider.api.get(fonts)).status).toBe(404);
    expect((await server.api.get(`${fonts}/nope`)).status).toBe(404);
  });

  it("is drawn by the published site when the site's customization names it", async () => {
    const { org, fonts, created } = await orgWithFont();
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: 'empty' })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    await server.api.post(`${url}/publish`);
    const settings = (await server.api.get(`${url}/customization`)).body;
    const { permissions: _permissions, ...definition } = created.body;
    const put = await server.api.put(`${url}/customization`, { ...settings, styling: { ...settings.styling, font: definition } });
    expect(put.status).toBe(200);
    const page = await siteFetch(`${server.url}/sites/${site.id}/`);
    expect(page.headers.get('content-security-policy')).toContain('font-src https:');
    const stylesheet = /<link rel="stylesheet" href="([^"]*~style[^"]*)">/.exec(page.html)![1]!;
    const css = (await siteFetch(`${server.url}${stylesheet}`)).html;
    expect(css).toContain(`@font-face { font-family: "Brand Sans"; font-weight: 400; font-display: swap; src: url("${faces[0]!.storageKey}") format("woff2"); }`);
    expect(css).toContain('font-weight: 700');
    expect(css).toMatch(/body \{ font-family: "Brand Sans", system-ui/);

    // The font as the organization has it now: a new file shows on the site without touching its settings.
    await server.api.post(`${fonts}/${created.body.id}`, { fontFaces: [{ weight: 400, storageKey: 'https://cdn.example.com/fonts/v2.woff2' }] });
    expect((await siteFetch(`${server.url}${stylesheet}`)).html).toContain('url("https://cdn.example.com/fonts/v2.woff2")');
  });
});
