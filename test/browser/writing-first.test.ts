import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage, updatePage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ApiPage {
  id: string;
  title: string;
  pages: ApiPage[];
}

let h: BrowserHarness;
let handbook: string;
let api: string;

const main = () => h.page.getByRole('main');
const sidebar = () => h.page.getByRole('complementary', { name: 'Sidebar' });
const recent = () => main().getByRole('list', { name: 'Your recently edited pages' });
const isFocused = (locator: Locator) => locator.evaluate((el) => el.matches(':focus'));

beforeAll(async () => {
  h = await startBrowserHarness('writing-first');
  h.page.setDefaultTimeout(10_000);
  // Loading the app can take longer while other suites share the machine.
  h.page.setDefaultNavigationTimeout(30_000);
  await h.api('PUT', `/v1/orgs/${h.orgId}/teams`, { title: 'Writers' });
  handbook = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  api = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'API guide' })).id;
  // GitBook's API has no REST call that creates a page: the owner writes through the content service.
  const me = await h.api<{ id: string }>('GET', '/v1/user');
  const owner = serviceContext(h.app, getUserById(h.app.db, me.id)!);
  const onboarding = createPage(owner, handbook, { title: 'Onboarding', markdown: 'Welcome.\n' }).pageId;
  createPage(owner, api, { title: 'Authentication', markdown: 'Tokens.\n' });
  // Edited again last: it comes first.
  updatePage(owner, handbook, onboarding, { title: 'Onboarding guide' });
  await h.signIn();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the organization opens on writing', () => {
  it("shows the writer's recently edited pages and the spaces, not members and teams", async () => {
    await main().getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    await expect.poll(() => recent().getByRole('button').allTextContents()).toEqual([
      expect.stringMatching(/^Onboarding guideHandbook · /),
      expect.stringMatching(/^AuthenticationAPI guide · /),
    ]);
    await main().getByRole('region', { name: 'Spaces' }).waitFor();
    expect(await main().getByRole('table', { name: 'Members of this organization' }).count()).toBe(0);
    expect(await main().getByRole('region', { name: 'Teams' }).count()).toBe(0);
    await h.screenshot('writing-first-home');
  });

  it('opens a recent page in its space, in the editor', async () => {
    await recent().getByRole('button', { name: /^Onboarding guide/ }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Onboarding guide' }).waitFor();
    await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
    expect(await h.page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Onboarding guide' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('keeps members, teams, translations, integrations and single sign-on in the organization settings', async () => {
    // From inside a space, the sidebar leads there too.
    await sidebar().getByRole('link', { name: 'Organization settings' }).click();
    await main().getByRole('heading', { level: 1, name: 'Organization settings' }).waitFor();
    await main().getByRole('table', { name: 'Members of this organization' }).getByText('owner@folio.localhost').waitFor();
    await main().getByRole('region', { name: 'Teams' }).getByText('Writers').waitFor();
    await main().getByRole('region', { name: 'Translations' }).waitFor();
    await main().getByRole('region', { name: 'Integrations' }).getByRole('link', { name: 'Open integrations' }).waitFor();
    await main().getByRole('region', { name: 'Single sign-on' }).waitFor();
    expect(await main().getByRole('region', { name: 'Spaces' }).count()).toBe(0);
    await h.screenshot('writing-first-org-settings');

    await main().getByRole('button', { name: 'Back to My Organization' }).click();
    await main().getByRole('region', { name: 'Recently edited' }).waitFor();
    // Focus returns to the button that opened the settings.
    await expect.poll(() => isFocused(main().getByRole('button', { name: 'Organization settings' }))).toBe(true);
    await main().getByRole('button', { name: 'Organization settings' }).click();
    await main().getByRole('heading', { level: 1, name: 'Organization settings' }).waitFor();
    await sidebar().getByRole('link', { name: 'Spaces' }).click();
    await main().getByRole('region', { name: 'Spaces' }).waitFor();
  });

  it('opens a new space on its first page, with the title ready to type and Enter going on to the body', async () => {
    await main().getByRole('region', { name: 'Spaces' }).getByRole('button', { name: 'New space', exact: true }).click();
    await h.page.getByLabel('Title').fill('Release notes');
    await h.page.getByRole('button', { name: 'Create space' }).click();

    const title = main().getByRole('textbox', { name: 'Page title' });
    await expect.poll(() => isFocused(title)).toBe(true);
    expect(await title.inputValue()).toBe('Untitled');
    await h.page.keyboard.type('Version 2.0');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => isFocused(h.page.getByRole('textbox', { name: 'Page content' }))).toBe(true);
    await h.page.keyboard.type('What changed.');

    const spaces = (await h.api<{ items: Array<{ id: string; title: string }> }>('GET', `/v1/orgs/${h.orgId}/spaces`)).items;
    const created = spaces.find((space) => space.title === 'Release notes')!;
    await expect
      .poll(async () => (await h.api<{ pages: ApiPage[] }>('GET', `/v1/spaces/${created.id}/content/pages`)).pages.map((p) => p.title))
      .toEqual(['Version 2.0']);
    await h.screenshot('writing-first-new-space');

    // Back home, the new page is the most recent.
    await main().getByRole('button', { name: 'All spaces' }).click();
    await expect.poll(async () => (await recent().getByRole('button').allTextContents())[0]).toMatch(/^Version 2\.0Release notes · /);
  });

  it('ran without script errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
