import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { type BrowserHarness, startBrowserHarness } from './harness';

/** GitBook's markdown layout, as test/import/sources.test.ts imports it through /v1. */
const markdownFolder = {
  'README.md': '# Welcome\n\nSee [setup](guides/setup.md) and ![logo](assets/logo.png).\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Setup](guides/setup.md)\n  * [Advanced setup](guides/advanced.md)\n',
  'guides/setup.md': '---\ndescription: Get going\n---\n\n# Setup\n\nBack to [welcome](../README.md).\n',
  'guides/advanced.md': '# Advanced setup\n\nMore.\n',
};

let h: BrowserHarness;
let folder: string;
let spaceId: string;

type TreePage = { title: string; pages: TreePage[] };
const outline = (pages: TreePage[]): unknown => pages.map((p) => (p.pages.length ? [p.title, outline(p.pages)] : p.title));
const pagesOf = async () => (await h.api<{ pages: TreePage[] }>('GET', `/v1/spaces/${spaceId}/content/pages`)).pages;

const dialog = () => h.page.getByRole('dialog', { name: 'Import content' });
const tree = () => h.page.getByRole('navigation', { name: 'Pages' });
const importButton = () => h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Import', exact: true });
/** Holds the progress answers back a moment, so the running import can be seen (a small folder imports at once). */
const slowProgress = () => h.page.route('**/trpc/*importStatus*', async (route) => {
  await new Promise((resolve) => setTimeout(resolve, 700));
  // Unrouting meanwhile lets Playwright continue it first.
  await route.continue().catch(() => undefined);
});

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'folio-import-fixture-'));
  for (const [path, text] of Object.entries(markdownFolder)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(join(folder, 'assets/logo.png'), pngImage(5, 5));

  h = await startBrowserHarness('import', { allowFileImports: true });
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Docs' })).id;
  // The machine may be busy (other browsers, builds): waits are generous, and nothing here measures time.
  h.page.setDefaultTimeout(30_000);
  h.page.setDefaultNavigationTimeout(60_000);
  await h.signIn();
  await h.openSpace('Docs');
}, 180_000);

// A failed step must not leave the dialog over the next test's buttons.
afterEach(async () => {
  if (await dialog().count()) await h.page.keyboard.press('Escape');
});

afterAll(async () => {
  await h?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the import dialog', () => {
  it('imports a markdown folder typed as a path, showing its progress, its result, then the pages in the tree', async () => {
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Markdown folder' }).check();
    await dialog().getByLabel('Folder path').fill(folder);
    await h.screenshot('import-dialog');
    await slowProgress();
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();

    const bar = dialog().getByRole('progressbar', { name: 'Import progress' });
    await bar.waitFor();
    await dialog().getByText('You can close this window: the import keeps running').waitFor();
    await h.screenshot('import-running');
    await h.page.unroute('**/trpc/*importStatus*');

    await dialog().getByTestId('import-result').waitFor();
    expect(await dialog().getByTestId('import-result').innerText()).toBe('Imported 3 pages and 1 file.');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await h.screenshot('import-result');

    await dialog().getByRole('button', { name: 'Open imported pages' }).click();
    await dialog().waitFor({ state: 'detached' });
    await tree().getByText('Advanced setup').or(tree().getByText('Guides')).first().waitFor();
    await tree().getByText('Welcome').waitFor();
    // "Open imported pages" opens the first of them.
    await tree().getByRole('treeitem', { name: 'Welcome' }).and(h.page.locator('[aria-selected="true"]')).waitFor();
    expect(outline(await pagesOf())).toEqual(['Welcome', ['Guides', [['Setup', ['Advanced setup']]]]]);
  }, 90_000);

  it('says in words why a folder that does not exist cannot be imported', async () => {
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Markdown folder' }).check();
    await dialog().getByLabel('Folder path').fill(join(folder, 'missing'));
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByRole('alert').getByText(/^url: nothing at file:\/\//).waitFor();
    await dialog().getByLabel('Folder path').fill('docs/relative');
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByRole('alert').getByText(/full path/).waitFor();
    await h.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  }, 90_000);

  it('explains that a server without --allow-file-imports cannot read folders', async () => {
    h.app.config.allowFileImports = false;
    try {
      await importButton().click();
      await dialog().getByRole('radio', { name: 'Markdown folder' }).check();
      await dialog().getByText('This server does not read folders on its disk').waitFor();
      expect(await dialog().getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      await h.screenshot('import-folders-refused');
      await h.page.keyboard.press('Escape');
    } finally {
      h.app.config.allowFileImports = true;
    }
  }, 90_000);

  it('imports a chosen zip file, and keeps running in the background when the dialog is closed', async () => {
    const zip = zipSync({
      'SUMMARY.md': strToU8('# Contents\n\n* [Release notes](notes.md)\n'),
      'notes.md': strToU8('# Release notes\n\nVersion 2.\n'),
    });
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Zip or Word file' }).check();
    await dialog().getByLabel('File', { exact: true }).setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await slowProgress();
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByRole('progressbar').waitFor();
    await h.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    const sidebar = h.page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText('Importing in the background').waitFor();
    await h.page.unroute('**/trpc/*importStatus*');
    await sidebar.getByText('Import finished: 1 page imported.').waitFor();
    await tree().getByText('Release notes').waitFor();
    await sidebar.getByRole('button', { name: 'Dismiss' }).click();
    expect((await pagesOf()).map((p) => p.title)).toContain('Release notes');
    expect(h.pageErrors).toEqual([]);
  }, 90_000);
});
