import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';
import { seedPages } from './seed-pages';

let h: BrowserHarness;

beforeAll(async () => {
  h = await startBrowserHarness('skip-links');
  const spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await seedPages(h, spaceId, [
    { title: 'Install', markdown: 'Install the app.\n' },
    { title: 'About', markdown: 'What this is for.\n' },
  ]);
  // The machine may be busy: waits are generous, and nothing here measures time.
  h.page.setDefaultTimeout(30_000);
  h.page.setDefaultNavigationTimeout(60_000);
  await h.signIn();
  await h.openSpace('Handbook');
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const skipLink = (name: string) => h.page.getByRole('link', { name, exact: true });
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
/** On screen: the links sit above the top edge until they have the focus. */
const onScreen = async (locator: Locator) => ((await locator.boundingBox())?.y ?? -1) >= 0;

/** Tabs from the app's first stop ("Skip to content", the page's first element) until `locator` has the focus. */
async function tabTo(locator: Locator, max: number) {
  await skipLink('Skip to content').focus();
  for (let i = 0; i < max; i++) {
    await h.page.keyboard.press('Tab');
    if (await isFocused(locator)) return;
  }
  throw new Error('the link is not among the first stops of the tab order');
}

describe('skip links', () => {
  it('skips to the page tree from the top of the tab order, shown only while focused', async () => {
    await h.page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Install' }).click();
    await h.page.locator('.cm-content').waitFor();

    expect(await onScreen(skipLink('Skip to page tree'))).toBe(false);
    // The first focusable element of the page, so the links are at the top of the tab order.
    expect(await h.page.evaluate(() => document.querySelector('a[href], button, input, select, textarea, [tabindex]')?.textContent)).toBe('Skip to content');
    await tabTo(skipLink('Skip to page tree'), 1);
    expect(await onScreen(skipLink('Skip to page tree'))).toBe(true);
    await h.screenshot('skip-links-focused');

    await h.page.keyboard.press('Enter');
    const current = h.page.getByRole('treeitem', { name: 'Install' });
    expect(await isFocused(current)).toBe(true);
    expect(await onScreen(skipLink('Skip to page tree'))).toBe(false);
    // The tree's own keys work from there: the next page.
    await h.page.keyboard.press('ArrowDown');
    expect(await isFocused(h.page.getByRole('treeitem', { name: 'About' }))).toBe(true);
  }, 90_000);

  it('skips to the text of the open page, where typing writes', async () => {
    await tabTo(skipLink('Skip to editor'), 2);
    expect(await onScreen(skipLink('Skip to editor'))).toBe(true);
    await h.page.keyboard.press('Enter');
    expect(await h.page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
    await h.page.keyboard.type('Hello ');
    await h.page.locator('.cm-content').getByText(/Hello/).waitFor();
    // Following the link changed no route: the page is still the one open.
    expect(h.page.url()).toMatch(/\/pages\//);
    expect(h.pageErrors).toEqual([]);
  }, 90_000);

  it('offers no editor link while no page is open', async () => {
    await h.page.getByRole('button', { name: 'All spaces' }).click();
    await h.page.getByRole('region', { name: 'Spaces' }).waitFor();
    expect(await skipLink('Skip to page tree').count()).toBe(0);
    expect(await skipLink('Skip to editor').count()).toBe(0);
  }, 90_000);
});
