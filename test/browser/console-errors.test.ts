import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';
import { seedPages } from './seed-pages';

let h: BrowserHarness;
/** Every console message of type error, unfiltered (the harness's own list forgives nothing either). */
const consoleErrors: string[] = [];

beforeAll(async () => {
  h = await startBrowserHarness('console-errors');
  const spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await seedPages(h, spaceId, [{ title: 'Install', markdown: 'Install the app.\n' }]);
  h.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // The machine may be busy: waits are generous, and nothing here measures time.
  h.page.setDefaultTimeout(30_000);
  h.page.setDefaultNavigationTimeout(60_000);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the app on load', () => {
  it('logs no error on the console from loading to an open page, while the host still forbids framing', async () => {
    const response = await h.page.goto(h.host.url);
    // frame-ancestors lives in the header, where browsers honour it; the page's meta policy leaves it out.
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const meta = await h.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toContain("default-src 'self'");
    expect(meta).not.toContain('frame-ancestors');

    await h.page.getByLabel('Paste an API token').fill(h.ownerToken);
    await h.page.getByRole('button', { name: 'Sign in' }).click();
    await h.page.getByRole('region', { name: 'Spaces' }).waitFor();
    await h.openSpace('Handbook');
    await h.page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Install' }).click();
    await h.page.locator('.cm-content').getByText('Install the app.').waitFor();
    await h.page.reload();
    await h.page.locator('.cm-content').getByText('Install the app.').waitFor();

    expect(consoleErrors).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  }, 120_000);
});
