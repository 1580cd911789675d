import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commitToRepository, filesOf, headOf, makeRepository, removeRepositories, type TestRepository } from '../git-sync/repositories';
import { type BrowserHarness, startBrowserHarness } from './harness';

const CONTENT = {
  'README.md': '# Welcome\n\nStart here.\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
  'guide.md': '# Guide\n\nThe guide.\n',
};

let h: BrowserHarness;
let repository: TestRepository;
let spaceId: string;

const dialog = () => h.page.getByRole('dialog', { name: 'Git Sync' });
const tree = () => h.page.getByRole('navigation', { name: 'Pages' });
const toolbar = () => h.page.getByRole('toolbar', { name: 'Space actions' });
const status = () => dialog().getByTestId('git-sync-status');
const pageTitles = async () => (await h.api<{ pages: Array<{ title: string }> }>('GET', `/v1/spaces/${spaceId}/content/pages`)).pages.map((page) => page.title);

async function openGitSync(): Promise<void> {
  await toolbar().getByRole('button', { name: 'Git Sync' }).click();
  await dialog().waitFor();
}

beforeAll(async () => {
  repository = makeRepository(CONTENT);
  h = await startBrowserHarness('git-sync', { allowFileImports: true });
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Synced docs' })).id;
  await h.api('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Elsewhere' });
  // The machine may be busy (other browsers, builds): waits are generous, and nothing here measures time.
  h.page.setDefaultTimeout(30_000);
  h.page.setDefaultNavigationTimeout(60_000);
  await h.signIn();
}, 180_000);

// A failed step must not leave the dialog over the next test's buttons.
afterEach(async () => {
  if (await dialog().count()) await h.page.keyboard.press('Escape');
});

afterAll(async () => {
  await h?.close();
  removeRepositories();
});

describe('the Git Sync panel', () => {
  it('sets up a repository, imports it with Sync now, then brings in a new commit', async () => {
    await h.openSpace('Synced docs');
    await openGitSync();
    await dialog().getByLabel('Repository URL').fill(repository.url);
    expect(await dialog().getByLabel('Branch').inputValue()).toBe('main');
    expect(await dialog().getByLabel('Token (optional)').getAttribute('type')).toBe('password');
    await h.screenshot('git-sync-form');
    await dialog().getByRole('button', { name: 'Turn on Git Sync' }).click();
    await status().getByText(/^Not synced yet/).waitFor();
    await dialog().getByText('Add this as a push webhook in GitHub (secret) or GitLab (secret token) so new commits come in at once.').waitFor();
    expect(await dialog().getByTestId('git-sync-webhook-url').innerText()).toMatch(/^http:\/\/.+\/hooks\/git\/\w+$/);
    await dialog().getByRole('button', { name: 'Copy the webhook secret' }).waitFor();

    // The sync's answer is held back a moment, so the running sync can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await h.page.route('**/trpc/*gitSync.syncNow*', async (route) => {
      const response = await route.fetch();
      await held;
      // Unrouting meanwhile lets Playwright continue it first.
      await route.fulfill({ response }).catch(() => undefined);
    });
    await dialog().getByRole('button', { name: 'Sync now' }).click();
    const busy = dialog().getByRole('button', { name: 'Syncing…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await status().getByText(/^Syncing…/).waitFor();
    release();

    const head = headOf(repository)!;
    await status().getByText(`In sync with ${repository.url} at ${head.slice(0, 7)}`).waitFor();
    await dialog().getByText('Last checked').waitFor();
    await h.page.unroute('**/trpc/*gitSync.syncNow*');
    await tree().getByRole('treeitem', { name: 'Guide' }).waitFor();
    await tree().getByRole('treeitem', { name: 'Welcome' }).waitFor();
    await h.screenshot('git-sync');

    const next = commitToRepository(repository, 'Add setup', (work) => {
      writeFileSync(join(work, 'setup.md'), '# Setup\n\nInstall it.\n');
      writeFileSync(join(work, 'SUMMARY.md'), `${CONTENT['SUMMARY.md']}* [Setup](setup.md)\n`);
    });
    await dialog().getByRole('button', { name: 'Sync now' }).click();
    await status().getByText(`In sync with ${repository.url} at ${next.slice(0, 7)}`).waitFor();
    await tree().getByRole('treeitem', { name: 'Setup' }).waitFor();
    expect(await pageTitles()).toEqual(['Welcome', 'Guide', 'Setup']);
    // Nothing was edited in Folio: the repository holds what it held.
    expect([...filesOf(repository).keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide.md', 'setup.md']);
  }, 120_000);

  it('shows the stored settings for editing, keeping the token field empty', async () => {
    await openGitSync();
    await dialog().getByRole('button', { name: 'Edit settings' }).click();
    expect(await dialog().getByLabel('Repository URL').inputValue()).toBe(repository.url);
    expect(await dialog().getByLabel('Branch').inputValue()).toBe('main');
    expect(await dialog().getByLabel('Token (optional)').inputValue()).toBe('');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().getByRole('button', { name: 'Sync now' }).waitFor();
  }, 60_000);

  it('points to the change request an import left open for a review, and opens it', async () => {
    // The owner may merge, so their syncs never leave one open: the server's answer is given one, a real
    // change request of the space, as it names the one a sync by a writer without the review role left.
    const cr = await h.api<{ id: string; number: number }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Git Sync: Add FAQ' });
    await h.page.route('**/trpc/*gitSync.get*', async (route) => {
      const response = await route.fetch();
      const procedures = new URL(route.request().url()).pathname.replace(/^\/trpc\//, '').split(',');
      const answers = (await response.json()) as Array<{ result?: { data?: Record<string, unknown> | null } }>;
      procedures.forEach((procedure, index) => {
        const data = answers[index]?.result?.data;
        if (procedure === 'gitSync.get' && data) data.changeRequest = { id: cr.id, number: cr.number, subject: 'Git Sync: Add FAQ', status: 'open' };
      });
      await route.fulfill({ response, json: answers }).catch(() => undefined);
    });
    try {
      await openGitSync();
      await dialog().getByText(`Change request #${cr.number} from the repository waits for a review: “Git Sync: Add FAQ”.`, { exact: false }).waitFor();
      await h.screenshot('git-sync-review');
      await dialog().getByRole('button', { name: `Open change request #${cr.number}` }).click();
      await dialog().waitFor({ state: 'detached' });
      await h.page.getByRole('complementary', { name: 'Change request' }).waitFor();
      await h.page.waitForFunction((id) => window.location.hash.includes(id), cr.id);
    } finally {
      await h.page.unroute('**/trpc/*gitSync.get*');
    }
  }, 90_000);

  it('says in words why a repository address is refused, and why a sync failed', async () => {
    await h.page.getByRole('button', { name: 'All spaces' }).click();
    await h.openSpace('Elsewhere');
    await openGitSync();
    await dialog().getByLabel('Repository URL').fill('git@github.com:owner/docs.git');
    await dialog().getByRole('button', { name: 'Turn on Git Sync' }).click();
    await dialog().getByRole('alert').getByText(/^url: .* is not a URL/).waitFor();
    // Chromium logs the refusal's 400 itself: that one is expected, anything else is not.
    const refusals = h.pageErrors.filter((error) => error.includes('status of 400'));
    expect(refusals).toHaveLength(1);
    h.pageErrors.splice(0, h.pageErrors.length, ...h.pageErrors.filter((error) => !refusals.includes(error)));

    const missing = pathToFileURL(join(repository.dir, 'missing.git')).href;
    await dialog().getByLabel('Repository URL').fill(missing);
    await dialog().getByRole('button', { name: 'Turn on Git Sync' }).click();
    await dialog().getByRole('button', { name: 'Sync now' }).click();
    await status().getByText(/^Last sync failed: url: /).waitFor();
    await dialog().getByRole('button', { name: 'Sync now' }).and(h.page.locator(':enabled')).waitFor();
    await h.screenshot('git-sync-failed');

    await dialog().getByRole('button', { name: 'Turn off' }).click();
    await dialog().getByText('Git Sync is off for this space.', { exact: false }).waitFor();
    expect(await dialog().getByLabel('Repository URL').inputValue()).toBe(missing);
  }, 90_000);

  it('is not offered to a member who is not an admin of the space', async () => {
    await h.signInAsMember('writer@example.com', 'edit');
    await h.openSpace('Synced docs');
    await toolbar().getByRole('button', { name: 'Export' }).waitFor();
    expect(await toolbar().getByRole('button', { name: 'Git Sync' }).count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
  }, 90_000);
});
