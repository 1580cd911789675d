import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ApiPage {
  id: string;
  title: string;
  pages: ApiPage[];
}

let h: BrowserHarness;
let spaceId: string;

const tree = () => h.page.getByRole('tree', { name: 'Pages' });
const row = (title: string) => tree().getByRole('treeitem', { name: title, exact: true });
const titleField = () => h.page.getByRole('main').getByRole('textbox', { name: 'Page title' });
const body = () => h.page.getByRole('textbox', { name: 'Page content' });
const titles = async () => (await h.api<{ pages: ApiPage[] }>('GET', `/v1/spaces/${spaceId}/content/pages`)).pages.map((p) => p.title);
const isFocused = (locator: Locator) => locator.evaluate((el) => el.matches(':focus') || el.contains(document.activeElement));

beforeAll(async () => {
  h = await startBrowserHarness('page-title');
  h.page.setDefaultTimeout(10_000);
  // Loading the app can take longer while other suites share the machine.
  h.page.setDefaultNavigationTimeout(30_000);
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Notes' })).id;
  await h.signIn();
  await h.openSpace('Notes');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the page title in the editor', () => {
  it('opens a new page with “Untitled” selected in its title, replaced as the writer types; Enter goes on to the body', async () => {
    await h.page.getByRole('button', { name: 'New page' }).click();
    await expect.poll(() => isFocused(titleField())).toBe(true);
    expect(await titleField().inputValue()).toBe('Untitled');
    expect(await titleField().evaluate((el) => [(el as HTMLInputElement).selectionStart, (el as HTMLInputElement).selectionEnd])).toEqual([0, 8]);
    // The tree does not open its own rename field: the title is typed where it is shown.
    expect(await tree().getByRole('textbox').count()).toBe(0);

    await h.page.keyboard.type('Release checklist');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => isFocused(body())).toBe(true);
    await row('Release checklist').waitFor();
    await expect.poll(titles).toEqual(['Release checklist']);
    await h.page.getByRole('heading', { level: 1, name: 'Release checklist' }).waitFor();

    // The body takes the typing at once: the title's Enter did not leave a newline or reload the page under the writer.
    await h.page.keyboard.type('Ship on Friday.');
    const pageId = (await h.api<{ pages: ApiPage[] }>('GET', `/v1/spaces/${spaceId}/content/pages`)).pages[0]!.id;
    await expect
      .poll(async () => (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown)
      .toContain('Ship on Friday.');
    await h.screenshot('page-title-new-page');
  });

  it('renames a page from its title when the writer leaves the field: the tree follows and /v1 returns the new title', async () => {
    await titleField().click();
    await titleField().fill('Launch checklist');
    await body().click();
    await row('Launch checklist').waitFor();
    await expect.poll(titles).toEqual(['Launch checklist']);
    expect(await row('Release checklist').count()).toBe(0);
    // The editor's own poll agrees a moment later; the title stays as typed meanwhile.
    await h.page.waitForTimeout(1_500);
    expect(await titleField().inputValue()).toBe('Launch checklist');
  });

  it('takes a rename back with Escape, and keeps the old title when the field is left empty', async () => {
    await titleField().click();
    await titleField().fill('Something else');
    await titleField().press('Escape');
    expect(await titleField().inputValue()).toBe('Launch checklist');

    await titleField().fill('   ');
    await titleField().press('Enter');
    await h.page.getByRole('alert').getByText('Give the page a title.').waitFor();
    await body().click();
    expect(await titleField().inputValue()).toBe('Launch checklist');
    expect(await titles()).toEqual(['Launch checklist']);
  });

  it('follows a rename made in the tree', async () => {
    await row('Launch checklist').focus();
    await h.page.keyboard.press('F2');
    const input = tree().getByRole('textbox', { name: 'Page title' });
    await input.fill('Go-live checklist');
    await input.press('Enter');
    await expect.poll(() => titleField().inputValue()).toBe('Go-live checklist');
  });

  it('shows the title of a page in a locked space as a heading that cannot be edited', async () => {
    await h.api('PATCH', `/v1/spaces/${spaceId}`, { editMode: 'locked' });
    await h.page.reload();
    await h.page.getByRole('heading', { level: 1, name: 'Go-live checklist' }).waitFor();
    expect(await titleField().count()).toBe(0);
    await h.screenshot('page-title-read-only');
    await h.api('PATCH', `/v1/spaces/${spaceId}`, { editMode: 'live' });
  });

  it('ran without script errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
