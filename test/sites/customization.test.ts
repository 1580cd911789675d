import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function siteWithSpace() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: [space.id] })).body;
  const siteSpace = (await server.api.get(`/v1/orgs/${org.id}/sites/${site.id}/site-spaces`)).body.items[0];
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  return { org, site, siteSpace, url, spaceUrl: `${url}/site-spaces/${siteSpace.id}/customization` };
}

/** The settings as GET answers them, with some changed: what a tool sends back with PUT. */
async function edited(url: string, change: (settings: Record<string, any>) => void) {
  const settings = structuredClone((await server.api.get(`${url}/customization`)).body);
  change(settings);
  return settings;
}

describe('site customization', () => {
  it("answers GitBook's defaults and the site's title for a site never customized", async () => {
    const { url } = await siteWithSpace();
    const res = await server.api.get(`${url}/customization`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Docs',
      styling: { theme: 'clean', primaryColor: { light: '#346DDB', dark: '#346DDB' }, corners: 'rounded' },
      themes: { default: 'light', toggeable: true },
      pagination: { enabled: true },
    });
    expect(res.body.announcement).toBeUndefined();
  });

  it('replaces the settings with PUT, answers and keeps them, and shows them in the published profile', async () => {
    const { url } = await siteWithSpace();
    const body = await edited(url, (s) => {
      s.title = 'Acme Docs';
      s.styling.primaryColor = { light: '#AA3300', dark: '#FF8844' };
      s.themes = { default: 'dark', toggeable: false };
      s.announcement = { enabled: true, message: 'Version 2 is out', style: 'success', link: { title: 'Read', to: { kind: 'url', url: 'https://acme.example/v2' } } };
      s.footer = { groups: [{ title: 'Company', links: [{ title: 'Blog', to: { kind: 'url', url: 'https://acme.example/blog' } }] }], copyright: '© Acme' };
    });
    const put = await server.api.put(`${url}/customization`, body);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(body);
    expect((await server.api.get(`${url}/customization`)).body).toEqual(body);
    await server.api.post(`${url}/publish`);
    const published = await server.api.get(`${url}/published`);
    expect(published.body.customizations.site).toEqual(body);
  });

  it("keeps following the site's title after a PUT that sent it back unchanged, and keeps a title chosen for the site", async () => {
    const { url } = await siteWithSpace();
    await server.api.put(`${url}/customization`, await edited(url, (s) => (s.pagination = { enabled: false })));
    await server.api.patch(url, { title: 'Docs, renamed' });
    expect((await server.api.get(`${url}/customization`)).body.title).toBe('Docs, renamed');

    await server.api.put(`${url}/customization`, await edited(url, (s) => (s.title = 'Shown on the site')));
    await server.api.patch(url, { title: 'Docs, renamed again' });
    expect((await server.api.get(`${url}/customization`)).body.title).toBe('Shown on the site');
  });

  it.each([
    ['a color that is not hex', (s: any) => (s.styling.primaryColor = { light: 'red', dark: '#000000' }), /^styling\.primaryColor\.light:/],
    ['a theme outside the set', (s: any) => (s.styling.theme = 'neon'), /^styling\.theme:/],
    ['a title of one character', (s: any) => (s.title = 'A'), /^title:/],
    ['a copyright one past 300 characters', (s: any) => (s.footer.copyright = 'c'.repeat(301)), /^footer\.copyright:/],
    ['an announcement of one character', (s: any) => (s.announcement = { enabled: true, message: 'x', style: 'info' }), /^announcement\.message:/],
    ['a missing required group', (s: any) => delete s.themes, /^themes:/],
    ['an unknown setting', (s: any) => (s.sparkles = true), /^customization: .*sparkles|sparkles/],
    ['a link to an unknown kind of place', (s: any) => (s.footer.groups = [{ title: 'G', links: [{ title: 'x', to: { kind: 'moon' } }] }]), /^footer\.groups\.0\.links\.0\.to/],
  ])('returns 400 naming the field for %s and changes nothing', async (_what, change, message) => {
    const { url } = await siteWithSpace();
    const before = (await server.api.get(`${url}/customization`)).body;
    const res = await server.api.put(`${url}/customization`, await edited(url, change));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`${url}/customization`)).body).toEqual(before);
  });

  it('lets members read it, refuses them a change with 403, and hides it from outsiders with 404', async () => {
    const { org, url } = await siteWithSpace();
    const body = await edited(url, (s) => (s.pagination = { enabled: false }));
    const editor = await org.member('edit');
    expect((await editor.api.get(`${url}/customization`)).status).toBe(200);
    const refused = await editor.api.put(`${url}/customization`, body);
    expect(refused.status).toBe(403);
    const outsider = await (await newOrganization(server)).member('admin');
    expect((await outsider.api.get(`${url}/customization`)).status).toBe(404);
    expect((await server.api.get(`${url}/customization`)).body.pagination).toEqual({ enabled: true });
    expect((await server.api.get(`${url.replace(/sites\/.*/, 'sites/missing')}/customization`)).status).toBe(404);
  });
});

describe('site space customization', () => {
  it("answers the site's settings until the site space overrides some, then those over the site's", async () => {
    const { url, spaceUrl } = await siteWithSpace();
    await server.api.put(`${url}/customization`, await edited(url, (s) => (s.styling.primaryColor = { light: '#111111', dark: '#222222' })));
    expect((await server.api.get(spaceUrl)).body).toEqual((await server.api.get(`${url}/customization`)).body);

    const res = await server.api.patch(spaceUrl, { title: 'Guide v2', styling: { theme: 'bold' }, themes: { default: 'dark' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Guide v2',
      styling: { theme: 'bold', primaryColor: { light: '#111111', dark: '#222222' }, corners: 'rounded' },
      themes: { default: 'dark', toggeable: true },
    });
    expect((await server.api.get(spaceUrl)).body).toEqual(res.body);
    // The site itself is unchanged.
    expect((await server.api.get(`${url}/customization`)).body.styling.theme).toBe('clean');
  });

  it('changes only the keys a PATCH names, and null gives a setting back to the site', async () => {
    const { url, spaceUrl, siteSpace } = await siteWithSpace();
    await server.api.patch(spaceUrl, { styling: { theme: 'muted', corners: 'straight' }, footer: { copyright: 'Guide ©' } });
    const second = await server.api.patch(spaceUrl, { styling: { theme: null } });
    expect(second.body.styling).toMatchObject({ theme: 'clean', corners: 'straight' });
    expect(second.body.footer.copyright).toBe('Guide ©');
    await server.api.post(`${url}/publish`);
    const published = (await server.api.get(`${url}/published`)).body;
    expect(published.customizations.siteSpaces[siteSpace.id]).toEqual(second.body);
    expect(published.customizations.site.styling.corners).toBe('rounded');
  });

  it('replaces a favicon whole: an emoji over the site’s icon leaves no icon', async () => {
    const { url, spaceUrl } = await siteWithSpace();
    await server.api.put(`${url}/customization`, await edited(url, (s) => (s.favicon = { icon: { light: 'https://acme.example/l.png', dark: 'https://acme.example/d.png' } })));
    const res = await server.api.patch(spaceUrl, { favicon: { emoji: '📘' } });
    expect(res.body.favicon).toEqual({ emoji: '📘' });
  });

  it('removes the overrides with DELETE (205), then answers 204 as there are none', async () => {
    const { url, spaceUrl } = await siteWithSpace();
    await server.api.patch(spaceUrl, { styling: { theme: 'gradient' } });
    expect((await server.api.delete(spaceUrl)).status).toBe(205);
    expect((await server.api.get(spaceUrl)).body).toEqual((await server.api.get(`${url}/customization`)).body);
    expect((await server.api.delete(spaceUrl)).status).toBe(204);
  });

  it.each([
    ['a color that is not hex', { styling: { primaryColor: { light: '#12', dark: '#000' } } }, /^styling\.primaryColor/],
    ['an unknown key', { styling: { glitter: true } }, /^styling: .*glitter/],
    ['a locale outside the set', { internationalization: { locale: 'xx' } }, /^internationalization\.locale:/],
  ])('returns 400 naming the field for %s and keeps the overrides', async (_what, body, message) => {
    const { spaceUrl } = await siteWithSpace();
    await server.api.patch(spaceUrl, { styling: { theme: 'muted' } });
    const res = await server.api.patch(spaceUrl, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(spaceUrl)).body.styling.theme).toBe('muted');
  });

  it('answers 404 for an unknown site space and 403 to a member changing it', async () => {
    const { org, url, spaceUrl } = await siteWithSpace();
    expect((await server.api.get(`${url}/site-spaces/missing/customization`)).status).toBe(404);
    expect((await server.api.patch(`${url}/site-spaces/missing/customization`, {})).status).toBe(404);
    const editor = await org.member('edit');
    expect((await editor.api.patch(spaceUrl, { styling: { theme: 'bold' } })).status).toBe(403);
    expect((await editor.api.delete(spaceUrl)).status).toBe(403);
  });
});
