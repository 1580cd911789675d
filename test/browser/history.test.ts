import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ChangeRequest {
  id: string;
  number: number;
}

let h: BrowserHarness;
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
const entries = () => panel().getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem');
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
  h.page.setDefaultTimeout(5_000);
  await h.signIn();
  await h.openSpace('Handbook');
});

afterAll(async () => {
  await h?.close();
});

describe('the revision history', () => {
  it('lists the revisions with what they were, and shows an older revision of the page read-only until going back', async () => {
    await openPage(welcomeId);
    await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'History' }).click();

    await expect.poll(() => entries().count()).toBe(5);
    await expect.poll(() => entries().first().innerText()).toContain('Merged change request #4 “Add a page”');
    await expect.poll(() => entries().first().innerText()).toContain('Added “Later”');
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
  });

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
  });

  it('loads older revisions with Load more', async () => {
    // A long history, written through the content service as many small edits.
    const me = await h.api<{ id: string }>('GET', '/v1/user');
    const owner = serviceContext(h.app, getUserById(h.app.db, me.id)!);
    const { pageId } = createPage(owner, spaceId, { title: 'Changelog', markdown: 'v0\n' });
    for (let version = 1; version <= 20; version++) setPageMarkdown(owner, spaceId, pageId, `v${version}\n`);

    await panel().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => panel().getByText('20 of 26 revisions shown').count()).toBe(1);
    await panel().getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => entries().count()).toBe(26);
    expect(await panel().getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await entries().last().innerText()).toContain('Space created');
    expect(h.pageErrors).toEqual([]);
  });
});
