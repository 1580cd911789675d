import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

async function customizedSite(visibility = 'public') {
  const org = await newOrganization(server);
  const guide = await spaceWithPages(server, org.id, 'Guide', [
    { title: 'Welcome', markdown: 'Start here.\n' },
    { title: 'Install', markdown: 'Install it.\n' },
  ]);
  const api = await spaceWithPages(server, org.id, 'API', [{ title: 'Reference', markdown: 'Endpoints.\n' }]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Acme Docs', visibility, spaces: [guide.id, api.id] })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  await server.api.post(`${url}/publish`);
  const siteSpaces = (await server.api.get(`${url}/site-spaces`)).body.items as Array<{ id: string; space: { id: string }; path: string }>;
  const customize = async (change: (settings: Record<string, any>) => void) => {
    const settings = structuredClone((await server.api.get(`${url}/customization`)).body);
    change(settings);
    const res = await server.api.put(`${url}/customization`, settings);
    if (res.status !== 200) throw new Error(`customization refused: ${JSON.stringify(res.body)}`);
  };
  return { org, guide, api, site: (await server.api.get(url)).body, url, siteSpaces, customize };
}

/** The href of the page's own stylesheet for its site space. */
const styleHref = (html: string) => /<link rel="stylesheet" href="([^"]*~style\/[^"]+\.css)">/.exec(html)?.[1];

describe('the published site shows its customization', () => {
  it("keeps Folio's palette for a site never customized: its stylesheet sets no color", async () => {
    const { site } = await customizedSite();
    const page = await siteFetch(site.urls.published);
    expect(page.html).toContain('<html lang="en">');
    const css = await siteFetch(`${server.url}${styleHref(page.html)}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.html).not.toContain('--accent:');
  });

  it('uses the title, colors, forced theme, locale, announcement, header and footer links, and hides the pager when asked', async () => {
    const { site, api, customize } = await customizedSite();
    await customize((s) => {
      s.title = 'Acme Handbook';
      s.styling.primaryColor = { light: '#aa3300', dark: '#ff8844' };
      s.styling.corners = 'straight';
      s.themes = { default: 'dark', toggeable: false };
      s.internationalization = { locale: 'fr' };
      s.announcement = { enabled: true, message: 'Version 2 <is> out', style: 'success', link: { title: 'Read more', to: { kind: 'url', url: 'https://acme.example/v2' } } };
      s.header.links = [{ title: 'API', to: { kind: 'space', space: api.id }, links: [], style: 'button-primary' }];
      s.footer = { groups: [{ title: 'Company', links: [{ title: 'Blog', to: { kind: 'url', url: 'https://acme.example/blog' } }, { title: 'Nowhere', to: { kind: 'file', file: 'x' } }] }], copyright: '© Acme' };
      s.pagination = { enabled: false };
      s.externalLinks = { target: 'blank' };
    });
    const page = await siteFetch(site.urls.published);
    expect(page.html).toContain('<html lang="fr" class="theme-dark">');
    expect(page.html).toContain('<title>Welcome | Acme Handbook</title>');
    expect(page.html).toContain('<a class="site-title" href="/sites/');
    expect(page.html).toContain('>Acme Handbook</a>');
    expect(page.html).toContain('<div class="announcement announcement-success" role="note">Version 2 &lt;is&gt; out <a href="https://acme.example/v2" target="_blank" rel="noopener noreferrer">Read more</a></div>');
    expect(page.html).toMatch(new RegExp(`<a class="header-button-primary" href="/sites/${site.id}/api/">API</a>`));
    expect(page.html).toContain('<h2>Company</h2>');
    expect(page.html).toContain('<span>Nowhere</span>');
    expect(page.html).toContain('<p class="footer-copyright">© Acme</p>');
    expect(page.html).not.toContain('class="pager"');

    const css = (await siteFetch(`${server.url}${styleHref(page.html)}`)).html;
    expect(css).toMatch(/:root \{ --accent: #aa3300;.* --radius: 0; \}/);
    expect(css).toMatch(/:root\.theme-dark \{ --accent: #ff8844;/);
  });

  it('shows the logo in place of the title, one image per theme, with the title as its text', async () => {
    const { site, customize } = await customizedSite();
    await customize((s) => {
      s.header.logo = { light: 'https://acme.example/logo.svg?v=1&t=light', dark: 'https://acme.example/logo-dark.svg' };
    });
    const page = await siteFetch(site.urls.published);
    const title = /<a class="site-title"[^>]*>(.*?)<\/a>/.exec(page.html)?.[1];
    expect(title).toBe(
      '<img class="site-logo site-logo-light" src="https://acme.example/logo.svg?v=1&amp;t=light" alt="Acme Docs">' +
        '<img class="site-logo site-logo-dark" src="https://acme.example/logo-dark.svg" alt="Acme Docs">',
    );

    await customize((s) => {
      s.header.logo = { light: 'https://acme.example/one.svg', dark: 'https://acme.example/one.svg' };
    });
    const same = await siteFetch(site.urls.published);
    expect(/<a class="site-title"[^>]*>(.*?)<\/a>/.exec(same.html)?.[1]).toBe('<img class="site-logo site-logo-light" src="https://acme.example/one.svg" alt="Acme Docs">');
  });

  it("shows a site space's overrides on its own pages only", async () => {
    const { site, url, siteSpaces, api } = await customizedSite();
    const apiSiteSpace = siteSpaces.find((row) => row.space.id === api.id)!;
    await server.api.patch(`${url}/site-spaces/${apiSiteSpace.id}/customization`, {
      title: 'Acme API',
      styling: { primaryColor: { light: '#116611', dark: '#66dd66' } },
      footer: { copyright: 'API terms apply' },
    });
    const apiPage = await siteFetch(`${site.urls.published}${apiSiteSpace.path}/`);
    expect(apiPage.html).toContain('<title>Reference | Acme API</title>');
    expect(apiPage.html).toContain('API terms apply');
    expect((await siteFetch(`${server.url}${styleHref(apiPage.html)}`)).html).toContain('--accent: #116611;');

    const guidePage = await siteFetch(site.urls.published);
    expect(guidePage.html).toContain('<title>Welcome | Acme Docs</title>');
    expect(guidePage.html).not.toContain('API terms apply');
    expect((await siteFetch(`${server.url}${styleHref(guidePage.html)}`)).html).not.toContain('--accent:');
  });

  it('serves a stylesheet only to visitors who may read the site, and only for its own site spaces', async () => {
    const { site, url } = await customizedSite('share-link');
    const siteSpaces = (await server.api.get(`${url}/site-spaces`)).body.items as Array<{ id: string }>;
    const style = `${server.url}/sites/${site.id}/~style/${siteSpaces[0]!.id}.css`;
    expect((await siteFetch(style)).status).toBe(404);
    const link = (await server.api.post(`${url}/share-links`, { name: 'Partners' })).body;
    const withKey = await siteFetch(link.urls.published, {}, 'manual');
    const cookie = withKey.headers.get('set-cookie')!.split(';')[0]!;
    const css = await siteFetch(style, { Cookie: cookie });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await siteFetch(`${server.url}/sites/${site.id}/~style/missing.css`, { Cookie: cookie })).status).toBe(404);
  });

  it('shows a header link with a condition only to visitors whose claims meet it', async () => {
    const org = await newOrganization(server);
    const guide = await spaceWithPages(server, org.id, 'Guide', [{ title: 'Welcome', markdown: 'Hi.\n' }]);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'visitor-auth', spaces: [guide.id] })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    await server.api.post(`${url}/publish`);
    const settings = structuredClone((await server.api.get(`${url}/customization`)).body);
    settings.header.links = [
      { title: 'Beta program', to: { kind: 'url', url: 'https://acme.example/beta' }, links: [], condition: 'visitor.claims.beta === true' },
      { title: 'Status', to: { kind: 'url', url: 'https://status.acme.example' }, links: [] },
    ];
    expect((await server.api.put(`${url}/customization`, settings)).status).toBe(200);
    const key = (await server.api.get(`${url}/publishing/auth`)).body.privateKey as string;
    const read = async (claims: Record<string, unknown>) => {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(key));
      const first = await siteFetch(`${server.url}/sites/${site.id}/?jwt_token=${token}`, {}, 'manual');
      return (await siteFetch(`${server.url}/sites/${site.id}/`, { Cookie: first.headers.get('set-cookie')!.split(';')[0]! })).html;
    };
    const plain = await read({});
    expect(plain).toContain('>Status</a>');
    expect(plain).not.toContain('Beta program');
    expect(await read({ beta: true })).toContain('>Beta program</a>');
  });

  it('refuses a header link whose condition does not parse, naming it', async () => {
    const { url } = await customizedSite();
    const settings = structuredClone((await server.api.get(`${url}/customization`)).body);
    settings.header.links = [{ title: 'Odd', to: null, links: [], condition: 'visitor.claims.(' }];
    const res = await server.api.put(`${url}/customization`, settings);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^header\.links\.0\.condition:/);
  });
});
