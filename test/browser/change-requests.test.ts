import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ChangeRequest {
  id: string;
  number: number;
  status: string;
  subject: string;
  outdated: boolean;
}

let h: BrowserHarness;
let spaceId: string;
let installId: string;

/** Main content changes through /v1 the GitBook way: a change request, a batch of edits, a merge. */
async function changeMain(changes: unknown[]): Promise<Array<{ page: { id: string } }>> {
  const cr = await h.api<ChangeRequest>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'From a script' });
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, { changes });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  return result.changes;
}

const listed = async (status: string) => (await h.api<{ items: ChangeRequest[] }>('GET', `/v1/spaces/${spaceId}/change-requests?status=${status}`)).items;
const mainMarkdown = async (pageId: string) =>
  (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown;

/** Polls until `check` passes: the UI and the server settle asynchronously. */
async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

beforeAll(async () => {
  h = await startBrowserHarness('change-requests');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  const [install] = await changeMain([
    { operation: 'insert_page', title: 'Install', document: { markdown: '# Install\n\nInstall the app.\n\nThen open it.\n' } },
    { operation: 'insert_page', title: 'About', document: { markdown: 'What this handbook is for.\n' } },
  ]);
  installId = install!.page.id;
  await h.api('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Frozen docs', editMode: 'locked' });
  await h.signIn();
  await h.openSpace('Handbook');
});

afterAll(async () => {
  await h?.close();
});

const switcher = () => h.page.getByRole('group', { name: 'Content being edited' });
const contentSelect = () => switcher().getByLabel('Content', { exact: true });
const banner = () => h.page.locator('.content-banner');
const panel = () => h.page.getByRole('complementary', { name: 'Change request' });
const toolbarButton = (name: string) => h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name, exact: true });

/** The result is announced (a status region) and shown (the visible notice). */
async function expectNotice(text: string) {
  await h.page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
  await h.page.locator('.content-switcher__notice').getByText(text, { exact: true }).waitFor();
}

async function createInUi(subject: string) {
  await switcher().getByRole('button', { name: 'New change request' }).click();
  await h.page.getByLabel('Subject').fill(subject);
  await h.page.getByRole('button', { name: 'Create and switch' }).click();
  await banner().waitFor();
}

describe('change requests in the app', () => {
  it('creates a change request, edits in it, shows its changes, updates it from main and merges it', async () => {
    expect(await contentSelect().inputValue()).toBe('');
    await createInUi('Fix the install guide');
    const [cr] = await listed('draft');
    expect(cr).toMatchObject({ number: 2, subject: 'Fix the install guide' });
    expect(await contentSelect().inputValue()).toBe(cr!.id);
    expect(await banner().textContent()).toContain('Editing #2 Fix the install guide, not main content');
    await h.screenshot('change-requests-created');

    // Open the page in the change request (as a link to it would) and type into the editor.
    // Same document, another hash: location-sync opens the page without reloading the app.
    await h.page.goto(`${h.host.url}/#/spaces/${spaceId}/pages/${installId}?cr=${cr!.id}`);
    const editor = h.page.getByRole('textbox', { name: 'Page content' });
    await editor.click();
    await editor.press('Control+End');
    await h.page.keyboard.type('Check the version first.');
    const crPage = `/v1/spaces/${spaceId}/change-requests/${cr!.id}/content/page/${installId}?format=markdown`;
    await eventually(async () => expect((await h.api<{ markdown: string }>('GET', crPage)).markdown).toContain('Check the version first.'));
    expect(await mainMarkdown(installId)).not.toContain('Check the version first.');

    // A script adds a page to the change request meanwhile.
    await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr!.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Troubleshooting', document: { markdown: 'Restart it.\n' } }],
    });

    await toolbarButton('Changes').click();
    const edited = panel().getByRole('region', { name: /^Edited pages/ });
    await edited.getByRole('button', { name: /^Install/ }).waitFor();
    await panel().getByRole('region', { name: /^Added pages/ }).getByRole('button', { name: /^Troubleshooting/ }).waitFor();
    await edited.getByRole('button', { name: /^Show text/ }).click();
    const diff = edited.getByRole('list', { name: 'Text changes of Install' });
    const inserted = diff.locator('.diff__line--insert');
    await eventually(async () => expect(await inserted.allTextContents()).toEqual([expect.stringContaining('Check the version first.')]));
    expect(await inserted.first().textContent()).toContain('Added:');
    await diff.scrollIntoViewIfNeeded();
    await h.screenshot('change-requests-changes');

    // Main moves on: the change request is outdated, and merging waits for an update.
    await changeMain([{ operation: 'update_page', page: installId, title: 'Installation' }]);
    await panel().getByRole('button', { name: 'Refresh' }).click();
    await switcher().getByText('Outdated', { exact: true }).waitFor();
    const merge = panel().getByRole('button', { name: 'Merge into main' });
    expect(await merge.isDisabled()).toBe(true);
    await panel().getByText('Update it from main first: main content has changed since.').waitFor();
    await h.screenshot('change-requests-outdated');

    await panel().getByRole('button', { name: 'Update from main' }).click();
    await eventually(async () => expect(await merge.isDisabled()).toBe(false));
    expect((await h.api<ChangeRequest>('GET', `/v1/spaces/${spaceId}/change-requests/${cr!.id}`)).outdated).toBe(false);
    expect(await switcher().getByText('Outdated', { exact: true }).count()).toBe(0);

    await merge.click();
    await expectNotice('Merged #2 into main.');
    expect(await contentSelect().inputValue()).toBe('');
    expect(await banner().count()).toBe(0);
    expect(await mainMarkdown(installId)).toContain('Check the version first.');
    const pages = await h.api<{ pages: Array<{ title: string }> }>('GET', `/v1/spaces/${spaceId}/content/pages`);
    expect(pages.pages.map((p) => p.title)).toEqual(expect.arrayContaining(['Installation', 'Troubleshooting']));
    expect((await h.api<ChangeRequest>('GET', `/v1/spaces/${spaceId}/change-requests/${cr!.id}`)).status).toBe('merged');
    await h.screenshot('change-requests-merged');
  }, 60_000);

  it('archives a change request after confirming, and lists it among the archived ones', async () => {
    await createInUi('Try a new layout');
    await toolbarButton('Changes').click();
    await panel().getByText('No changes yet').waitFor();

    await panel().getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = panel().getByRole('alertdialog', { name: 'Archive #4?' });
    await confirm.getByRole('button', { name: 'Archive it' }).click();
    await expectNotice('Archived #4 Try a new layout. You are editing main content.');
    expect(await contentSelect().inputValue()).toBe('');
    const [archived] = await listed('archived');
    expect(archived).toMatchObject({ number: 4, status: 'archived' });

    await switcher().getByRole('button', { name: 'Archived & merged' }).click();
    await h.page.getByRole('button', { name: /^#4 Try a new layout/ }).waitFor();
    await h.screenshot('change-requests-archived');
    await h.page.keyboard.press('Escape');
    expect(await h.page.getByRole('button', { name: /^#4 Try a new layout/ }).count()).toBe(0);
  }, 30_000);

  it('offers no new change request in a locked space', async () => {
    await h.page.getByRole('button', { name: 'All spaces' }).click();
    await h.openSpace('Frozen docs');
    await contentSelect().waitFor();
    expect(await switcher().getByRole('button', { name: 'New change request' }).count()).toBe(0);
    expect(await contentSelect().inputValue()).toBe('');
    expect(h.pageErrors).toEqual([]);
  });
});
