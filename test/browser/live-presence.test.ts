import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { type Browser, launchChromium } from './chromium';
import { acceptInvite, type BrowserHarness, startBrowserHarness } from './harness';

// Two people on one page, each in their own browser: the owner (the harness's page) and Ada, an editor of
// the organization. What one types shows in the other's editor at once over the live channel, each sees the
// other in the page's "who's here" list and their caret in the text, and a closed page leaves both at once.

let h: BrowserHarness;
let second: Browser;
let ada: Page;
const adaErrors: string[] = [];
/** The editor's HTTP pushes (content.pushBody): none while the channel carries the page. */
let httpPushes = 0;
let spaceId: string;
let pageId: string;

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Page content' });
const alsoHere = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Also on this page' }).getByRole('img', { name });

async function openPage(page: Page) {
  await page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${spaceId}/pages/${pageId}`)}`);
  await editorOf(page).waitFor();
}

async function signIn(page: Page, token: string) {
  await page.goto(h.host.url);
  await page.getByLabel('Paste an API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('region', { name: 'Spaces' }).waitFor();
}

beforeAll(async () => {
  h = await startBrowserHarness('live-presence');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Together' })).id;
  const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Seed' });
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    changes: [{ operation: 'insert_page', title: 'Plans', document: { markdown: '# Plans\n\nFirst line.\n' } }],
  });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  pageId = result.changes[0]!.page.id;

  // Ada: invited as an editor, with her own token, in a browser of her own (her own storage and session).
  // Her account exists (with her name) before the invite, which would otherwise create it named by its email.
  const now = new Date().toISOString();
  const adaToken = generateToken();
  insertToken(h.app.db, findOrCreateUser(h.app.db, 'ada@example.com', now, 'Ada Lovelace').id, adaToken, now, 'test');
  await h.api('POST', `/v1/orgs/${h.orgId}/invites`, { emails: [{ email: 'ada@example.com', role: 'edit' }] });
  await acceptInvite(h.host.url, adaToken, h.orgId);
  second = await launchChromium();
  ada = await second.context.newPage();
  ada.on('pageerror', (error) => adaErrors.push(error.message));
  ada.on('console', (message) => message.type() === 'error' && adaErrors.push(message.text()));

  for (const page of [h.page, ada]) page.on('request', (request) => void (request.url().includes('content.pushBody') && (httpPushes += 1)));
  await h.signIn();
  await openPage(h.page);
  await signIn(ada, adaToken);
  await openPage(ada);
});

afterAll(async () => {
  await second?.close();
  await h?.close();
});

describe('two people on one page', () => {
  it('shows what one types in the other’s editor at once, with who is here and where their caret is', async () => {
    // Each sees the other in the header's list, named as the server knows them.
    await alsoHere(h.page, /^Also here: Ada Lovelace/).waitFor({ timeout: 5_000 });
    await alsoHere(ada, /^Also here: /).waitFor({ timeout: 5_000 });

    await editorOf(ada).click();
    await ada.keyboard.press('Control+End');
    await ada.keyboard.type(' Ada was here.');
    // Polling runs every 30 s while the channel carries the page: this arrives over the channel.
    await expect.poll(() => editorOf(h.page).innerText(), { timeout: 3_000 }).toContain('Ada was here.');
    // Ada's editor has the focus: she is editing, and her caret shows in the owner's text with her name.
    await alsoHere(h.page, /^Also here: Ada Lovelace \(editing\)$/).waitFor({ timeout: 5_000 });
    const caret = h.page.locator('.cm-ySelectionCaret');
    await caret.waitFor({ timeout: 5_000 });
    expect(await caret.locator('.cm-ySelectionInfo').innerText()).toBe('Ada Lovelace');

    await editorOf(h.page).click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type(' And the owner too.');
    await expect.poll(() => editorOf(ada).innerText(), { timeout: 3_000 }).toContain('And the owner too.');
    await ada.locator('.cm-ySelectionCaret').waitFor({ timeout: 5_000 });
    await expect.poll(() => h.page.locator('.save-status').innerText()).toBe('Saved');
    // Both people's keystrokes went over the channel: not one HTTP push.
    expect(httpPushes).toBe(0);
    const markdown = (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown;
    expect(markdown).toBe('# Plans\n\nFirst line.\n Ada was here. And the owner too.');
    await h.screenshot('live-presence-together');
  });

  it('shows who else has a reusable content open, as on a page', async () => {
    const answer = await h.api<{ result: { data: { id: string } } }>('POST', '/trpc/reusableContents.create', {
      spaceId,
      title: 'Shared steps',
      markdown: 'Step one.\n',
    });
    const hash = `#/spaces/${spaceId}/reusable-contents/${answer.result.data.id}`;
    for (const page of [h.page, ada]) {
      await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
      await page.getByRole('textbox', { name: 'Reusable content body' }).waitFor();
    }
    await alsoHere(h.page, /^Also here: Ada Lovelace/).waitFor();
    await alsoHere(ada, /^Also here: /).waitFor();
  });

  it('removes someone from the list within seconds of their closing the page', async () => {
    await ada.close();
    await alsoHere(h.page, /^Also here: Ada Lovelace/).waitFor({ state: 'detached', timeout: 5_000 });
    await h.page.locator('.cm-ySelectionCaret').waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => h.page.getByRole('list', { name: 'Also on this page' }).count()).toBe(0);
    await h.screenshot('live-presence-alone');
    expect(adaErrors).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
