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
});
