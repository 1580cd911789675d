import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage, setPageMarkdown, updatePage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ChangeRequest {
  id: string;
  number: number;
}

let h: BrowserHarness;
/** A browser test's own time limit: the machine may be shared with other builds and browsers. */
const SLOW = 120_000;
let spaceId: string;
let welcomeId: string;
let laterId: string;

/** Edits main content as a script does through GitBook's API: a change request, a batch of changes, a merge. */
async function editThroughChangeRequest(subject: string, changes: unknown[]): Promise<string[]> {
  const cr = await h.api<ChangeRequest>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject });
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, { changes });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  return result.changes.map((c) => c.page.id);
}

const rewrite = (text: string) => [{ operation: 'update_page', page: welcomeId, document: { markdown: `# Welcome\n\n${text}\n` } }];

/** Opens a page the way a link to it does. */
async function openPage(page: string) {
  await h.page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${spaceId}/pages/${page}`)}`);
}

const panel = () => h.page.getByRole('complementary', { name: 'History' });
/** The history's entries: a revision, or a writer's consecutive edits grouped (their own list is inside). */
const entries = () => panel().getByRole('list', { name: 'Revisions, newest first' }).locator(':scope > li');
const ownerContext = async () => serviceContext(h.app, getUserById(h.app.db, (await h.api<{ id: string }>('GET', '/v1/user')).id)!);
const banner = () => h.page.getByRole('note').filter({ hasText: 'You are viewing the revision of' });

beforeAll(async () => {
  h = await startBrowserHarness('history');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  welcomeId = (
    await editThroughChangeRequest('First draft', [{ operation: 'insert_page', title: 'Welcome', document: { markdown: '# Welcome\n\nThe very first words.\n' } }])
  )[0]!;
  await editThroughChangeRequest('Second draft', rewrite('Words of the second draft.'));
  await editThroughChangeRequest('Final text', rewrite('The words of today.'));
  laterId = (await editThroughChangeRequest('Add a page', [{ operation: 'insert_page', title: 'Later', document: { markdown: 'Added last.\n' } }]))[0]!;
  // Generous: other builds and browsers may share the machine.
  h.page.setDefaultTimeout(15_000);
  await h.signIn();
  await h.openSpace('Handbook');
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the revision history', () => {
  it('lists the revisions with what they were, and shows an older revision of the page read-only until going back', async () => {
    await openPage(welcomeId);
    await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'History' }).click();

    await expect.poll(() => entries().count()).toBe(5);
    await expect.poll(() => entries().first().innerText()).toContain('Merged #4 Add a page');
    await expect.poll(() => entries().first().innerText()).toContain('Created “Later”');
    expect(await entries().first().innerText()).toContain('Current');
    expect(await entries().nth(2).innerText()).toContain('Edited “Welcome”');
    expect(await entries().last().innerText()).toContain('Space created');
    await h.screenshot('history-panel');

    await entries().nth(3).getByRole('button').click();
    await banner().waitFor();
    await h.page.getByText('The very first words.').waitFor();
    expect(await h.page.getByRole('textbox', { name: 'Page content' }).count()).toBe(0);
    expect(await entries().nth(3).getByRole('button').getAttribute('aria-current')).toBe('true');
    await h.screenshot('history-old-revision');

    await banner().getByRole('button', { name: 'Back to the current version' }).click();
    await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
    await expect.poll(() => h.page.getByRole('textbox', { name: 'Page content' }).innerText()).toContain('The words of today.');
    expect(await banner().count()).toBe(0);
  }, SLOW);

  it('says when the open page did not exist at a revision, and opens a page that did', async () => {
    await openPage(laterId);
    await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
    await entries().nth(2).getByRole('button').click();
    await h.page.getByText('This page did not exist at this revision').waitFor();
    const outline = h.page.getByRole('list', { name: 'Pages at this revision' });
    expect(await outline.getByRole('button').allInnerTexts()).toEqual(['Welcome']);
    await h.screenshot('history-missing-page');

    await outline.getByRole('button', { name: 'Welcome' }).click();
    await h.page.getByText('Words of the second draft.').waitFor();
    await banner().getByRole('button', { name: 'Back to the current version' }).click();
    await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
  }, SLOW);

  it('loads older revisions with Load more', async () => {
    // A long history, written through the content service as many small edits.
    const owner = await ownerContext();
    const { pageId } = createPage(owner, spaceId, { title: 'Changelog', markdown: 'v0\n' });
    for (let version = 1; version <= 20; version++) setPageMarkdown(owner, spaceId, pageId, `v${version}\n`);

    await panel().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => panel().getByText('20 of 26 revisions shown').count()).toBe(1);
    // The 21 edits the owner made one after the other are one entry.
    expect(await entries().count()).toBe(1);
    await panel().getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => entries().count()).toBe(6);
    expect(await entries().first().innerText()).toContain('Edited “Changelog”');
    expect(await entries().first().getByRole('button', { name: 'Show the 21 edits' }).count()).toBe(1);
    expect(await panel().getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await entries().last().innerText()).toContain('Space created');
    expect(h.pageErrors).toEqual([]);
  }, SLOW);
});

describe('comparing and restoring a revision', () => {
  it('groups a writer’s edits, says what each did, shows a revision rendered and as changes, and restores the page', async () => {
    const guide = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Guide' })).id;
    const owner = await ownerContext();
    const { pageId: setup } = createPage(owner, guide, { title: 'Untitled', markdown: '{% hint style="info" %}\nRead this first.\n{% endhint %}\n\nStart here.' });
    updatePage(owner, guide, setup, { title: 'Setup' });
    const cr = await h.api<ChangeRequest>('POST', `/v1/spaces/${guide}/change-requests`, { subject: 'Release notes' });
    await h.api('POST', `/v1/spaces/${guide}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Notes', document: { markdown: 'Version 1.\n' } }],
    });
    await h.api('POST', `/v1/spaces/${guide}/change-requests/${cr.id}/merge`);
    const markdown = async () => (await h.api<{ markdown: string }>('GET', `/v1/spaces/${guide}/content/page/${setup}?format=markdown`)).markdown;
    const body = '{% hint style="info" %}\nRead this first.\n{% endhint %}\n\n';

    // Two edits in the editor, each gathered into its revision when the writer pauses.
    await h.page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${guide}/pages/${setup}`)}`);
    const editor = h.page.getByRole('textbox', { name: 'Page content' });
    await editor.waitFor();
    await editor.click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type(' Draft words.');
    await expect.poll(markdown).toBe(`${body}Start here. Draft words.`);
    h.app.live.flush();
    for (let i = 0; i < ' Draft words.'.length; i++) await h.page.keyboard.press('Backspace');
    await h.page.keyboard.type(' Final words.');
    await expect.poll(markdown).toBe(`${body}Start here. Final words.`);
    h.app.live.flush();

    if (!(await panel().isVisible())) await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'History' }).click();
    await panel().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => entries().count()).toBe(4);
    const edits = entries().first();
    expect(await edits.innerText()).toContain('Edited “Setup”');
    expect(await edits.innerText()).toContain('2 edits by');
    expect(await edits.innerText()).toContain('Current');
    expect(await entries().nth(1).innerText()).toContain('Merged #1 Release notes');
    expect(await entries().nth(1).innerText()).toContain('Created “Notes”');
    expect(await entries().last().innerText()).toContain('Space created');
    await entries().nth(2).getByRole('button', { name: 'Show the 2 edits' }).click();
    const creation = entries().nth(2).getByRole('list', { name: 'The 2 edits, newest first' }).getByRole('listitem');
    expect(await creation.allInnerTexts()).toEqual([expect.stringContaining('Renamed “Untitled” to “Setup”'), expect.stringContaining('Created “Untitled”')]);

    const toggle = edits.getByRole('button', { name: 'Show the 2 edits' });
    await toggle.click();
    expect(await edits.getByRole('button', { name: 'Hide the 2 edits' }).getAttribute('aria-expanded')).toBe('true');
    await h.screenshot('history-grouped');

    // The first edit: rendered as the site renders it, then as the changes since.
    await edits.getByRole('list', { name: 'The 2 edits, newest first' }).getByRole('listitem').nth(1).getByRole('button').click();
    await banner().waitFor();
    const rendered = h.page.locator('.revision-rendered');
    await expect.poll(() => rendered.innerText()).toContain('Start here. Draft words.');
    expect(await rendered.locator('.hint').innerText()).toBe('Read this first.');
    expect(await h.page.getByRole('button', { name: 'Rendered' }).getAttribute('aria-pressed')).toBe('true');
    await h.screenshot('history-rendered');

    await h.page.getByRole('group', { name: 'Show the revision' }).getByRole('button', { name: 'Changes' }).click();
    const changes = h.page.getByRole('region', { name: 'Changes since this revision' });
    await changes.locator('.revision-diff').waitFor();
    expect(await changes.locator('.revision-diff del').allInnerTexts()).toEqual(['Draft']);
    expect(await changes.locator('.revision-diff ins').allInnerTexts()).toEqual(['Final']);
    expect(await changes.getByRole('deletion').count()).toBeGreaterThan(0);
    await h.screenshot('history-changes');

    // Restore the page to that revision, after confirming.
    await banner().getByRole('button', { name: 'Restore this page…' }).click();
    const dialog = h.page.getByRole('dialog', { name: 'Restore this page?' });
    await dialog.waitFor();
    await h.screenshot('history-restore-dialog');
    await dialog.getByRole('button', { name: 'Restore page' }).click();
    await editor.waitFor();
    await expect.poll(markdown).toBe(`${body}Start here. Draft words.`);
    await expect.poll(() => editor.innerText()).toContain('Start here. Draft words.');
    await expect.poll(() => entries().first().innerText()).toContain('Restored “Setup” to');
    await expect.poll(() => panel().getByRole('status').innerText()).toContain('“Setup” restored to the revision of');
    await h.screenshot('history-restored');
    expect(h.pageErrors).toEqual([]);
  }, SLOW);
});
