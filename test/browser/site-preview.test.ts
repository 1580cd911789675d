import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;

beforeAll(async () => {
  h = await startBrowserHarness('site-preview');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function spaceWithPages(title: string, pages: Array<{ title: string; markdown: string }>): Promise<string> {
  const space = await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title });
  const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${space.id}/change-requests`, {});
  await h.api('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
    changes: pages.map((page) => ({ operation: 'insert_page', title: page.title, document: { markdown: page.markdown } })),
  });
  await h.api('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  return space.id;
}

describe('the published site in a browser', () => {
  it('shows sections, pages with highlighted code and a working search, with no script error', async () => {
    const guide = await spaceWithPages('Guide', [
      {
        title: 'Quickstart',
        markdown:
          'Get going in **two minutes**.\n\n## Install\n\n```bash\nnpm install --save acme-sdk\n```\n\n## First call\n\n```ts\nimport { Acme } from "acme-sdk";\n\nconst client = new Acme({ token: process.env.ACME_TOKEN });\nconst user = await client.users.get("me");\nconsole.log(user.name);\n```\n\n{% hint style="info" %}\nTokens are created in the dashboard.\n{% endhint %}\n',
      },
      { title: 'Configuration', markdown: '## Options\n\n| Option | Default |\n|---|---|\n| `retries` | 3 |\n| `timeout` | 30 s |\n' },
    ]);
    const api = await spaceWithPages('API reference', [{ title: 'Users', markdown: '## Get a user\n\n`GET /users/{id}` returns a user.\n' }]);
    const site = await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/sites`, { title: 'Acme Docs', spaces: [guide] });
    const base = `/v1/orgs/${h.orgId}/sites/${site.id}`;
    await h.api('POST', `${base}/sections`, { spaceId: api, title: 'API' });
    const published = await h.api<{ urls: { published: string } }>('POST', `${base}/publish`);

    await h.page.goto(published.urls.published);
    await h.page.getByRole('heading', { level: 1, name: 'Quickstart' }).waitFor();
    expect(await h.page.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    expect(await h.page.getByRole('note').textContent()).toContain('Tokens are created in the dashboard.');
    await h.screenshot('site-preview-page');

    await h.page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'API' }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await h.page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Guide' }).click();
    await h.page.getByRole('navigation', { name: 'Pages', exact: true }).getByRole('link', { name: 'Configuration' }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();

    await h.page.getByRole('searchbox', { name: 'Search Guide' }).fill('retries');
    await h.page.keyboard.press('Enter');
    await h.page.getByRole('status').filter({ hasText: '1 result' }).waitFor();
    await h.screenshot('site-preview-search');
    await h.page.getByRole('link', { name: /Configuration/ }).last().click();
    await h.page.getByRole('heading', { level: 2, name: 'Options' }).waitFor();
    expect(h.pageErrors).toEqual([]);
  }, 60_000);

  it("draws the site's customization: its colors under a forced dark theme, the announcement and the footer, with no CSP refusal", async () => {
    const guide = await spaceWithPages('Handbook', [
      { title: 'Welcome', markdown: 'Read the [install guide](https://acme.example/install) first.\n' },
      { title: 'Install', markdown: 'Run the installer.\n' },
    ]);
    const site = await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/sites`, { title: 'Acme Handbook', spaces: [guide] });
    const base = `/v1/orgs/${h.orgId}/sites/${site.id}`;
    const settings = await h.api<Record<string, any>>('GET', `${base}/customization`);
    settings.styling.primaryColor = { light: '#aa3300', dark: '#ff8844' };
    settings.themes = { default: 'dark', toggeable: false };
    settings.announcement = { enabled: true, message: 'Version 2 is out', style: 'success' };
    settings.footer = { groups: [{ title: 'Company', links: [{ title: 'Blog', to: { kind: 'url', url: 'https://acme.example/blog' } }] }], copyright: '© Acme' };
    const logo = (fill: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" fill="${fill}"/></svg>`)}`;
    settings.header.logo = { light: logo('#000000'), dark: logo('#ffffff') };
    await h.api('PUT', `${base}/customization`, settings);
    const published = await h.api<{ urls: { published: string } }>('POST', `${base}/publish`);

    await h.page.emulateMedia({ colorScheme: 'light' });
    await h.page.goto(published.urls.published);
    await h.page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await h.page.getByRole('note').textContent()).toBe('Version 2 is out');
    // The forced dark theme wins over the light system, with the site's dark primary color.
    const colors = await h.page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      link: getComputedStyle(document.querySelector('.markdown a')!).color,
    }));
    expect(colors).toEqual({ background: 'rgb(20, 23, 29)', link: 'rgb(255, 136, 68)' });
    expect(await h.page.locator('.footer-copyright').textContent()).toBe('© Acme');
    // The dark theme's logo, named by the site's title; the light one hidden.
    await h.page.getByRole('img', { name: 'Acme Handbook' }).waitFor();
    expect(await h.page.getByRole('img', { name: 'Acme Handbook' }).getAttribute('class')).toBe('site-logo site-logo-dark');
    await h.screenshot('site-preview-customized');
    expect(h.pageErrors).toEqual([]);
  }, 60_000);
});
