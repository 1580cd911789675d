import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ChangeRequest {
  id: string;
  number: number;
}

let h: BrowserHarness;
let spaceId: string;
let pageId: string;

/**
 * Edits a space's content the way a script does with GitBook's API (it has no call that writes main
 * content directly): a change request, a batch of changes, a merge. Answers the ids of created pages.
 */
async function editThroughChangeRequest(space: string, changes: unknown[], merge = true): Promise<{ cr: ChangeRequest; pages: string[] }> {
  const cr = await h.api<ChangeRequest>('POST', `/v1/spaces/${space}/change-requests`, { subject: 'From a script' });
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${space}/change-requests/${cr.id}/content?compat=false`, {
    changes,
  });
  if (merge) await h.api('POST', `/v1/spaces/${space}/change-requests/${cr.id}/merge`);
  return { cr, pages: result.changes.map((c) => c.page.id) };
}

async function newSpaceWithPage(title: string, pageTitle: string, markdown: string) {
  const id = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title })).id;
  const { pages } = await editThroughChangeRequest(id, [{ operation: 'insert_page', title: pageTitle, document: { markdown } }]);
  return { id, pageId: pages[0]! };
}

const markdownOf = async (space: string, page: string, changeRequestId?: string) => {
  const base = changeRequestId ? `/v1/spaces/${space}/change-requests/${changeRequestId}` : `/v1/spaces/${space}`;
  return (await h.api<{ markdown: string }>('GET', `${base}/content/page/${page}?format=markdown`)).markdown;
};

/** Opens a page the way a link to it does: the address names the space, the page and the content. */
async function openPage(space: string, page: string, changeRequestId?: string) {
  const hash = `#/spaces/${space}/pages/${page}${changeRequestId ? `?cr=${changeRequestId}` : ''}`;
  await h.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  await editorBox().waitFor();
}

/** The width of a loaded image, 0 while it is not loaded (no `src` yet, or still loading). */
const naturalWidth = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as unknown as { complete: boolean; naturalWidth: number };
    return img.complete ? img.naturalWidth : 0;
  });

const editorBox = () => h.page.getByRole('textbox', { name: 'Page content' });
const editorText = () => editorBox().innerText();
const saveStatus = () => h.page.locator('.save-status');

beforeAll(async () => {
  h = await startBrowserHarness('editor');
  ({ id: spaceId, pageId } = await newSpaceWithPage('Handbook', 'Getting started', '# Getting started\n\nWelcome to the handbook.\n'));
  await h.signIn();
  await h.openSpace('Handbook');
  await openPage(spaceId, pageId);
});

afterAll(async () => {
  await h?.close();
});

describe('the page editor', () => {
  it('saves typing at once, so /v1 returns the new markdown, and undoes it from the keyboard', async () => {
    await h.page.getByRole('heading', { name: 'Getting started', level: 1 }).waitFor();
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type('\nTyped in the app.');
    await expect.poll(() => markdownOf(spaceId, pageId)).toBe('# Getting started\n\nWelcome to the handbook.\n\nTyped in the app.');
    await expect.poll(() => saveStatus().innerText()).toBe('Saved');
    await h.screenshot('editor-typing');

    // Yjs' undo manager groups what was typed in one burst: one undo takes it all back.
    await h.page.waitForTimeout(600);
    await h.page.keyboard.press('Control+z');
    await expect.poll(editorText).not.toContain('Typed in the app.');
    await expect.poll(() => markdownOf(spaceId, pageId)).toBe('# Getting started\n\nWelcome to the handbook.\n');
    // KeyZ, not "z": with Shift held a real keyboard sends "Z", which is what CodeMirror's keymap expects.
    await h.page.keyboard.press('Control+Shift+KeyZ');
    await expect.poll(() => markdownOf(spaceId, pageId)).toContain('Typed in the app.');
  });

  it('shows a change made through /v1 in the open editor without a reload', async () => {
    const current = await markdownOf(spaceId, pageId);
    await editThroughChangeRequest(spaceId, [{ operation: 'update_page', page: pageId, document: { markdown: `${current}\n\nAdded by a script.` } }]);
    await expect.poll(editorText, { timeout: 10_000 }).toContain('Added by a script.');
    // Typing goes on from there, and both survive.
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type(' And by hand.');
    await expect.poll(() => markdownOf(spaceId, pageId)).toContain('Added by a script. And by hand.');
  });

  it('inserts an image from disk as a file of the space, and shows it with the headings in the preview', async () => {
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.press('Enter');
    await h.page.getByLabel('Image file to insert').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: pngImage(60, 40) });
    await h.page.getByText('Inserted diagram.png').waitFor();
    const files = await h.api<{ items: Array<{ name: string }> }>('GET', `/v1/spaces/${spaceId}/content/files`);
    expect(files.items.map((f) => f.name)).toEqual(['diagram.png']);
    await expect.poll(() => markdownOf(spaceId, pageId)).toContain('![diagram](.gitbook/assets/diagram.png)');

    await h.page.getByRole('button', { name: 'Preview' }).click();
    expect(await h.page.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    const preview = h.page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Getting started', level: 1 }).waitFor();
    expect(await preview.getByRole('heading', { name: 'Getting started' }).getAttribute('id')).toBe('getting-started');
    const image = preview.getByRole('img', { name: 'diagram' });
    await expect.poll(() => naturalWidth(image)).toBe(60);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);

    // A pasted screenshot (clipboard images are all called image.png) becomes a file too.
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.press('Enter');
    await h.page.evaluate(`(() => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(${JSON.stringify(pngImage(20, 10).toString('base64'))}), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      document.querySelector('.cm-content').dispatchEvent(event);
    })()`);
    await h.page.getByText('Inserted image.png').waitFor();
    await expect.poll(() => markdownOf(spaceId, pageId)).toContain('![diagram](.gitbook/assets/diagram.png)\n![image](.gitbook/assets/image.png)');
    await expect.poll(() => naturalWidth(preview.getByRole('img', { name: 'image' }))).toBe(20);

    // The preview follows the typing.
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type('\n\n## Next steps');
    await preview.getByRole('heading', { name: 'Next steps', level: 2 }).waitFor();
    await h.screenshot('editor-preview');
  });

  it("edits a change request's copy of the page, leaving main content alone", async () => {
    const cr = await h.api<ChangeRequest>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Proposal' });
    const main = await markdownOf(spaceId, pageId);
    await openPage(spaceId, pageId, cr.id);
    // The top bar's strip says which content is being edited (components/change-requests/ContentSwitcher.tsx).
    await h.page.getByText(`Editing #${cr.number} Proposal`).waitFor();
    await editorBox().click();
    await h.page.keyboard.press('Control+Home');
    await h.page.keyboard.type('Proposed: ');
    await expect.poll(() => markdownOf(spaceId, pageId, cr.id)).toBe(`Proposed: ${main}`);
    expect(await markdownOf(spaceId, pageId)).toBe(main);
    await h.screenshot('editor-change-request');
  });

  it('says how many edits wait while the server cannot be reached, and saves them when it can', async () => {
    await openPage(spaceId, pageId);
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.browser.context.setOffline(true);
    await h.page.keyboard.type(' Offline words.');
    await expect.poll(() => saveStatus().innerText()).toMatch(/^Offline — \d+ edits waiting, they will be saved when the app reaches its server/);
    await h.screenshot('editor-offline');
    await h.browser.context.setOffline(false);
    await expect.poll(() => saveStatus().innerText(), { timeout: 10_000 }).toBe('Saved');
    expect(await markdownOf(spaceId, pageId)).toContain(' Offline words.');
    // Chromium logs each refused request; those were this test's doing, anything else stays an error.
    const offline = h.pageErrors.filter((e) => e.includes('ERR_INTERNET_DISCONNECTED'));
    expect(offline.length).toBeGreaterThan(0);
    h.pageErrors.splice(0, h.pageErrors.length, ...h.pageErrors.filter((e) => !offline.includes(e)));
  });

  it("keeps a locked space's page read-only, saying why", async () => {
    const locked = await newSpaceWithPage('Archive', 'Old notes', 'Frozen text.\n');
    await h.api('PATCH', `/v1/spaces/${locked.id}`, { editMode: 'locked' });
    // A link to the page opens its space too.
    await openPage(locked.id, locked.pageId);
    await h.page.getByText('This space is locked: read-only').waitFor();
    expect(await editorBox().getAttribute('aria-readonly')).toBe('true');
    expect(await editorBox().getAttribute('contenteditable')).toBe('false');
    expect(await h.page.getByRole('button', { name: 'Insert image' }).count()).toBe(0);
    await editorBox().click();
    await h.page.keyboard.type('nope');
    await h.page.waitForTimeout(300);
    expect(await editorText()).not.toContain('nope');
    expect(await markdownOf(locked.id, locked.pageId)).toBe('Frozen text.\n');
    await h.screenshot('editor-locked');
    expect(h.pageErrors).toEqual([]);
  });
});
