import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;
let folder: string;
let spaceId: string;

const dialog = () => h.page.getByRole('dialog', { name: 'Import content' });
const tree = () => h.page.getByRole('tree', { name: 'Pages' });
const importButton = () => h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Import', exact: true });
const pageMarkdown = async (pageId: string) =>
  (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'folio-import-picked-'));
  mkdirSync(join(folder, 'guides'));
  writeFileSync(join(folder, 'README.md'), '# Picked handbook\n\nChosen with the folder picker.\n');
  writeFileSync(join(folder, 'guides/deploy.md'), '# Deploy\n\nShip it.\n');

  h = await startBrowserHarness('import-single-file', { allowFileImports: true });
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Docs' })).id;
  // The machine may be busy: waits are generous, and nothing here measures time.
  h.page.setDefaultTimeout(30_000);
  h.page.setDefaultNavigationTimeout(60_000);
  await h.signIn();
  await h.openSpace('Docs');
}, 180_000);

afterEach(async () => {
  if (await dialog().count()) await h.page.keyboard.press('Escape');
});

afterAll(async () => {
  await h?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('importing one markdown file', () => {
  it('imports a chosen .md file as one page, says its images stayed behind, and opens it', async () => {
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Markdown file' }).check();
    const input = dialog().getByLabel('Markdown file to import');
    expect(await input.getAttribute('accept')).toContain('.md');
    await input.setInputFiles({
      name: 'release-notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('---\ndescription: What changed\n---\n\n# Release notes\n\n![Screenshot](images/new-editor.png)\n\nVersion 2 is out.\n'),
    });
    await dialog().getByText('Chosen: release-notes.md.').waitFor();
    await dialog().getByText('Images and files it refers to cannot come along with a single file').waitFor();
    await h.screenshot('import-single-file-chosen');
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();

    await dialog().getByTestId('import-result').waitFor();
    expect(await dialog().getByTestId('import-result').innerText()).toBe('Imported 1 page.');
    const failures = dialog().getByRole('group').filter({ hasText: 'could not be imported' });
    await failures.getByText(/"images\/new-editor\.png" was not imported: a single file brings no images or files with it/).waitFor();
    await h.screenshot('import-single-file-result');

    await dialog().getByRole('button', { name: 'Open imported pages' }).click();
    await dialog().waitFor({ state: 'detached' });
    // The imported page is the one open: selected in the tree, in the address, its text in the editor.
    const row = tree().getByRole('treeitem', { name: 'Release notes' });
    await row.and(h.page.locator('[aria-selected="true"]')).waitFor();
    const pageId = await row.getAttribute('data-page-id');
    expect(h.page.url()).toContain(`/pages/${pageId}`);
    await h.page.locator('.cm-content').getByText('Version 2 is out.').waitFor();
    expect(await pageMarkdown(pageId!)).toContain('Version 2 is out.');
    await h.screenshot('import-single-file-opened');
  }, 90_000);

  it('refuses a file that is not markdown under "Markdown file", before sending it', async () => {
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Markdown file' }).check();
    await dialog().getByLabel('Markdown file to import').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByRole('alert').getByText('“notes.txt” is not a markdown file: choose a .md or .markdown file.').waitFor();
  }, 90_000);
});

describe('the desktop folder picker', () => {
  it('is not offered in a browser, where the folder path is typed', async () => {
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Markdown folder' }).check();
    await dialog().getByLabel('Folder path').waitFor();
    expect(await dialog().getByRole('button', { name: 'Choose folder…' }).count()).toBe(0);
  }, 90_000);

  it('fills the folder path from the picker the desktop window exposes, and imports that folder', async () => {
    // What src-main/electron/preload.ts exposes, faked: the system dialog answers this folder.
    await h.page.addInitScript((path) => {
      Object.assign(window, { folioDesktop: { chooseFolder: async () => path } });
    }, folder);
    await h.page.reload();
    await tree().waitFor();
    await importButton().click();
    await dialog().getByRole('radio', { name: 'Markdown folder' }).check();
    await dialog().getByRole('button', { name: 'Choose folder…' }).click();
    expect(await dialog().getByLabel('Folder path').inputValue()).toBe(folder);
    await h.screenshot('import-folder-picker');
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByTestId('import-result').waitFor();
    expect(await dialog().getByTestId('import-result').innerText()).toBe('Imported 2 pages.');
    await dialog().getByRole('button', { name: 'Open imported pages' }).click();
    await tree().getByRole('treeitem', { name: 'Picked handbook' }).and(h.page.locator('[aria-selected="true"]')).waitFor();
    expect(h.pageErrors).toEqual([]);
  }, 90_000);
});
