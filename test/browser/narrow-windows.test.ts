import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';
import { seedPages } from './seed-pages';

let h: BrowserHarness;

const LONG_SUBJECT = 'Rewrite the installation guide for the 2.0 release';
const LONG_TITLE = 'Configuring single sign-on with your identity provider';
/** The page's column may not get narrower than this beside an open panel: a line of text still reads as one. */
const MIN_EDITOR_WIDTH = 480;

beforeAll(async () => {
  h = await startBrowserHarness('narrow-windows');
  const spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await seedPages(h, spaceId, [
    { title: 'Install', markdown: '# Install\n\nInstall the app, then open it and sign in with the token your administrator gave you.\n' },
    { title: LONG_TITLE, markdown: 'Steps.\n' },
  ]);
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: LONG_SUBJECT });
  // The machine may be busy: waits are generous, and nothing here measures time.
  h.page.setDefaultTimeout(30_000);
  h.page.setDefaultNavigationTimeout(60_000);
  await h.signIn();
  await h.openSpace('Handbook');
  await h.page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Install' }).click();
  await h.page.locator('.cm-content').waitFor();
  const select = contentSelect();
  await select.selectOption((await select.locator('option', { hasText: LONG_SUBJECT }).getAttribute('value'))!);
  await h.page.locator('.content-banner').waitFor();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const contentSelect = () => h.page.getByRole('group', { name: 'Content being edited' }).getByLabel('Content', { exact: true });
const toolbarButton = (name: string) => h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name, exact: true });
const box = async (locator: Locator) => (await locator.boundingBox())!;
/** Whether an element's text runs past its box (cut off, or hidden behind an ellipsis). */
const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth);

/** A select's width cannot be read from scrollWidth: the chosen option's text is measured in the select's font. */
const selectCutsItsText = (locator: Locator) =>
  locator.evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const text = context.measureText(select.selectedOptions[0]!.text).width;
    // A pixel of slack: the canvas and the layout round the same text differently.
    return text > select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1;
  });

describe('a space at laptop widths', () => {
  for (const width of [1024, 1366]) {
    it(`keeps the page writable beside the comments at ${width} px, and the change request's name whole`, async () => {
      await h.page.setViewportSize({ width, height: 768 });
      if ((await toolbarButton('Comments').getAttribute('aria-pressed')) !== 'true') await toolbarButton('Comments').click();
      const panel = h.page.getByRole('complementary', { name: 'Comments' });
      await panel.waitFor();

      const main = await box(h.page.locator('.space-screen__main'));
      const aside = await box(panel);
      expect(main.width).toBeGreaterThanOrEqual(MIN_EDITOR_WIDTH);
      // Beside the page, as tall as it: not pushed under it into a strip.
      expect(aside.x).toBeGreaterThanOrEqual(main.x + main.width - 1);
      expect(aside.width).toBeGreaterThanOrEqual(280);
      expect(aside.height).toBeGreaterThanOrEqual(main.height - 1);
      expect(aside.x + aside.width).toBeLessThanOrEqual(width);
      await panel.getByRole('textbox').waitFor();

      expect(await selectCutsItsText(contentSelect())).toBe(false);
      expect(await overflows(h.page.locator('.content-banner strong'))).toBe(false);
      await h.screenshot(`narrow-${width}-comments`);

      await toolbarButton('Changes').click();
      const changes = h.page.getByRole('complementary', { name: 'Change request' });
      await changes.getByRole('heading', { name: new RegExp(LONG_SUBJECT) }).waitFor();
      expect(await overflows(changes.locator('.cr-subject__title'))).toBe(false);
      expect((await box(h.page.locator('.space-screen__main'))).width).toBeGreaterThanOrEqual(MIN_EDITOR_WIDTH);
      await h.screenshot(`narrow-${width}-changes`);
      await toolbarButton('Changes').click();
      await changes.waitFor({ state: 'detached' });
    }, 90_000);
  }

  it('shows a page title the tree cuts short in full on hover', async () => {
    await h.page.setViewportSize({ width: 1024, height: 768 });
    const row = h.page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: LONG_TITLE });
    const title = row.locator('.page-tree__title');
    expect(await overflows(title)).toBe(true);
    expect(await title.getAttribute('title')).toBe(LONG_TITLE);
    expect(h.pageErrors).toEqual([]);
  });
});
