import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startBrowserHarness('search');
  const space = async (title: string) => (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title })).id;
  ids.guides = await space('Guides');
  ids.reference = await space('Reference');
  // GitBook's API has no REST call that creates a page: seed them through the content service, as the owner.
  const me = await h.api<{ id: string }>('GET', '/v1/user');
  const owner = serviceContext(h.app, getUserById(h.app.db, me.id)!);
  // Long enough that the second-level heading starts below the fold: opening the result must scroll to it.
  const preamble = Array.from({ length: 60 }, (_, i) => `Preparation step ${i + 1}.`).join('\n\n');
  ids.install = createPage(owner, ids.guides, {
    title: 'Install',
    markdown: `# Install\n\n${preamble}\n\n## On Linux\n\nRun the zephyrine installer as root.\n\n## On macOS\n\nDrag the app.\n`,
  }).pageId;
  ids.tokens = createPage(owner, ids.reference, { title: 'Tokens', markdown: '# Tokens\n\nHow tokens work.\n' }).pageId;
  // A missing element fails the step in seconds, naming it, rather than the test timing out.
  h.page.setDefaultTimeout(5_000);
  await h.signIn();
  await h.openSpace('Reference');
});

afterAll(async () => {
  await h?.close();
});

const dialog = () => h.page.getByRole('dialog', { name: 'Search' });

/** Whether the element's box is inside the window (a heading the editor scrolled to). */
async function inViewport(locator: Locator): Promise<boolean> {
  // CodeMirror renders only the lines near the viewport: a line it did not render is not in view.
  if ((await locator.count()) === 0) return false;
  const box = await locator.boundingBox();
  const size = h.page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.y + box.height <= size.height;
}

describe('the search palette', () => {
  it('opens with Ctrl+K, finds a section in another space, and opens that page at the heading', async () => {
    await h.page.keyboard.press('Control+K');
    const input = dialog().getByRole('combobox');
    await dialog().getByText('Type to search My Organization').waitFor();
    expect(await input.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    await input.fill('zephyr');
    const option = dialog().getByRole('option', { name: 'On Linux, in Install, Guides' });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await dialog().getByRole('group', { name: 'Guides' }).getByText('Run the zephyrine installer as root.').waitFor();
    await h.screenshot('search-palette');

    await input.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await h.page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Guides').waitFor();
    await h.page.getByRole('heading', { level: 1, name: 'Install' }).waitFor();
    await expect.poll(() => new URL(h.page.url()).hash).toBe(`#/spaces/${ids.guides}/pages/${ids.install}`);
    // The editor scrolled to the section's heading (navigation.anchor = "on-linux").
    const heading = h.page.locator('.cm-line', { hasText: '## On Linux' });
    await heading.waitFor();
    await expect.poll(() => inViewport(heading)).toBe(true);
    expect(await inViewport(h.page.locator('.cm-line', { hasText: /^Preparation step 1\.$/ }))).toBe(false);
    await h.screenshot('search-opened');
  });

  it('says when nothing matches, moves with the arrow keys, and closes with Escape back to the Search button', async () => {
    const searchButton = h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: /^Search/ });
    await searchButton.click();
    const input = dialog().getByRole('combobox');
    await input.fill('nothingmatchesthis');
    await dialog().getByText('No results for “nothingmatchesthis”').waitFor();

    await input.fill('install');
    const options = dialog().getByRole('option');
    await dialog().getByRole('option', { name: /^On Linux/ }).waitFor();
    expect(await options.count()).toBeGreaterThan(1);
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await input.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');

    await input.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await searchButton.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  });

  it('toggles with Ctrl+K even while typing in a text field', async () => {
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Comments' }).click();
    const field = h.page.getByLabel('Comment on this page');
    await field.click();
    await h.page.keyboard.press('Control+K');
    await dialog().waitFor();
    await h.page.keyboard.press('Control+K');
    await dialog().waitFor({ state: 'detached' });
    expect(await field.inputValue()).toBe('');
    expect(await field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(h.pageErrors).toEqual([]);
  });
});
