import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ApiComment {
  id: string;
  body: { markdown: string };
  target: { node?: { id: string; preview?: string }; page?: { id: string; outdated: boolean } };
}

let h: BrowserHarness;
let spaceId: string;
let pageId: string;

beforeAll(async () => {
  h = await startBrowserHarness('comment-selection');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  const me = await h.api<{ id: string }>('GET', '/v1/user');
  const owner = serviceContext(h.app, getUserById(h.app.db, me.id)!);
  pageId = createPage(owner, spaceId, { title: 'Onboarding', markdown: '# Onboarding\n\nWelcome aboard the ship.\n' }).pageId;
  // A missing element fails the step, naming it, rather than the test timing out (generous: a loaded machine is slow).
  h.page.setDefaultTimeout(15_000);
  await h.signIn();
  await h.openSpace('Handbook');
  await h.page.goto(`${h.host.url}/#/spaces/${spaceId}/pages/${pageId}`);
  await h.page.getByRole('navigation', { name: 'Pages' }).waitFor();
});

afterAll(async () => {
  await h?.close();
});

const comments = () => h.page.getByRole('complementary', { name: 'Comments' });
const editorBox = () => h.page.getByRole('textbox', { name: 'Page content' });
const highlight = () => editorBox().locator('.cm-comment-anchor');
const markdownOf = async () => (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown;
const documentKeys = async () =>
  (await h.api<{ document: { nodes: Array<{ key: string }> } }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=document`)).document.nodes.map((n) => n.key);

/** Puts the cursor at the start of the line holding `text`. */
async function toLineStart(text: string) {
  await editorBox().locator('.cm-line', { hasText: text }).click();
  await h.page.keyboard.press('Home');
}

describe('comments on the words of a page', () => {
  it('comments on selected words, highlights them as the text moves, and opens the thread from the highlight', async () => {
    // Select "aboard" from the keyboard: after "Welcome " (8 characters), 6 characters.
    await toLineStart('Welcome aboard');
    for (let i = 0; i < 8; i += 1) await h.page.keyboard.press('ArrowRight');
    for (let i = 0; i < 6; i += 1) await h.page.keyboard.press('Shift+ArrowRight');
    await h.page.getByRole('button', { name: 'Comment on selection' }).click();

    // The panel opens on a composer for the selection, quoting it.
    await comments().getByRole('blockquote', { name: 'Selected text' }).getByText('aboard').waitFor();
    await comments().getByLabel('Comment on the selected text').fill('Is "aboard" too casual?');
    await comments().getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = comments().getByRole('listitem', { name: 'Thread on “aboard”' });
    await thread.getByText('Is "aboard" too casual?').waitFor();
    await expect.poll(async () => highlight().allTextContents()).toEqual(['aboard']);
    await h.screenshot('comment-selection-highlight');

    // Typing before the words moves them; the highlight stays on them.
    await toLineStart('Welcome aboard');
    await h.page.keyboard.type('Hello. ');
    await expect.poll(markdownOf).toBe('# Onboarding\n\nHello. Welcome aboard the ship.\n');
    expect(await highlight().allTextContents()).toEqual(['aboard']);

    // With the panel closed, a click on the highlight opens the thread.
    await comments().getByRole('button', { name: 'Close comments' }).click();
    await comments().waitFor({ state: 'detached' });
    await highlight().click();
    await expect.poll(async () => h.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Thread on “aboard”');
    await h.screenshot('comment-selection-thread');

    // /v1 lists the comment on the paragraph that holds the words, quoting them.
    const [listed] = (await h.api<{ items: ApiComment[] }>('GET', `/v1/spaces/${spaceId}/comments?targetPage=${pageId}`)).items;
    expect(listed).toMatchObject({
      body: { markdown: 'Is "aboard" too casual?' },
      target: { node: { id: (await documentKeys())[1], preview: 'aboard' }, page: { id: pageId, outdated: false } },
    });
    expect(h.pageErrors).toEqual([]);
  });
});
