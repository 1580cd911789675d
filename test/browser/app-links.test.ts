import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';
import { seedPages } from './seed-pages';

let h: BrowserHarness;
let spaceId: string;

beforeAll(async () => {
  h = await startBrowserHarness('app-links');
  h.page.setDefaultTimeout(10_000);
  h.page.setDefaultNavigationTimeout(30_000);
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await seedPages(h, spaceId, [
    { title: 'Welcome', markdown: 'Hello.' },
    { title: 'Setup', markdown: 'Steps.' },
  ]);
  await h.signIn();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('urls.app links open their page of the app', () => {
  it("opens a page at its urls.app, and the address becomes the app's own", async () => {
    const pages = (await h.api<{ pages: Array<{ title: string; urls: { app: string } }> }>('GET', `/v1/spaces/${spaceId}/content/pages`)).pages;
    const target = pages.find((page) => page.title === 'Setup')!;
    expect(new URL(target.urls.app).pathname).toMatch(new RegExp(`^/s/${spaceId}/`));
    await h.page.goto(target.urls.app);
    const title = h.page.getByRole('main').getByRole('textbox', { name: 'Page title' });
    await expect.poll(() => title.inputValue()).toBe(target.title);
    expect(new URL(h.page.url()).hash).toMatch(new RegExp(`^#/spaces/${spaceId}/pages/`));
  });

  it("opens a change request at its urls.app, and an organization's sites screen at a site's", async () => {
    const cr = await h.api<{ urls: { app: string }; id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Reword setup' });
    await h.page.goto(cr.urls.app);
    await expect.poll(() => new URL(h.page.url()).hash).toBe(`#/spaces/${spaceId}?cr=${cr.id}`);

    const site = await h.api<{ id: string; urls: { app: string } }>('POST', `/v1/orgs/${h.orgId}/sites`, { title: 'Public docs' });
    await h.page.goto(site.urls.app);
    await expect.poll(() => new URL(h.page.url()).hash).toBe(`#/orgs/${h.orgId}/sites/${site.id}`);
    expect(h.pageErrors).toEqual([]);
  });
});
