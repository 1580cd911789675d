import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember } from '../../src-main/store/members';
import { findOrCreateUser } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;
let spaceId: string;
let pageId: string;
let crId: string;

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
  h = await startBrowserHarness('change-request-reviews');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Reviewed docs' })).id;
  const setup = await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Seed' });
  const seeded = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${setup.id}/content?compat=false`, {
    changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Read this first.\n' } }],
  });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${setup.id}/merge`);
  pageId = seeded.changes[0]!.page.id;
  crId = (await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Clarify the guide' })).id;
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${crId}/content`, {
    changes: [{ operation: 'update_page', page: pageId, document: { markdown: 'Read this first, then the rest.\n' } }],
  });
  await h.api('PATCH', `/v1/spaces/${spaceId}/change-requests/${crId}`, { status: 'open' });
  // A member who can review: the picker lists them.
  const now = new Date().toISOString();
  const rita = findOrCreateUser(h.app.db, 'rita@example.com', now, 'Reviewer Rita');
  insertMember(h.app.db, h.orgId, rita.id, 'review', now);
  await h.signIn();
  await h.openSpace('Reviewed docs');
});

afterAll(async () => {
  await h?.close();
});

const panel = () => h.page.getByRole('complementary', { name: 'Change request' });
const review = () => panel().getByRole('region', { name: 'Review' });
const reviewList = () => review().getByRole('list', { name: 'Reviews' });

describe('reviewing a change request in the app', () => {
  it('requires an approval by the space setting, asks a reviewer, reviews against the diff and merges once approved', async () => {
    // The space's settings: an approved review before merging.
    const setting = h.page.getByRole('checkbox', { name: 'Require an approved review before merging' });
    expect(await setting.isChecked()).toBe(false);
    await setting.check();
    await eventually(async () =>
      expect((await h.api<{ mergeRules: unknown }>('GET', `/v1/spaces/${spaceId}`)).mergeRules).toEqual({
        type: 'rules',
        rules: [{ rule: 'require_at_least_one_approved_review' }],
      }),
    );
    await h.screenshot('change-request-reviews-setting');

    // The change request's panel: Merge waits for the rule, with its words.
    await h.page.goto(`${h.host.url}/#/spaces/${spaceId}/pages/${pageId}?cr=${crId}`);
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Changes', exact: true }).click();
    const merge = panel().getByRole('button', { name: 'Merge into main' });
    await panel().getByText(/require_at_least_one_approved_review/).waitFor();
    expect(await merge.isDisabled()).toBe(true);
    // The diff the reviewer reads is beside the review.
    await panel().getByRole('region', { name: /^Edited pages/ }).getByRole('button', { name: /^Guide/ }).waitFor();

    await review().getByRole('button', { name: 'Request review' }).click();
    await review().getByRole('checkbox', { name: 'Reviewer Rita' }).check();
    await review().getByRole('button', { name: 'Send review request' }).click();
    await review().getByText('Reviewer Rita', { exact: true }).waitFor();
    const requested = await h.api<{ items: Array<{ user: { displayName: string } }> }>('GET', `/v1/spaces/${spaceId}/change-requests/${crId}/requested-reviewers`);
    expect(requested.items.map((item) => item.user.displayName)).toEqual(['Reviewer Rita']);

    await review().getByLabel('Review comment (optional)').fill('The second sentence is unclear.');
    await review().getByRole('button', { name: 'Request changes' }).click();
    await reviewList().getByText('requested changes').waitFor();
    await reviewList().getByText('The second sentence is unclear.').waitFor();
    expect(await merge.isDisabled()).toBe(true);
    const comments = await h.api<{ items: Array<{ body: { markdown: string } }> }>('GET', `/v1/spaces/${spaceId}/change-requests/${crId}/comments`);
    expect(comments.items.map((c) => c.body.markdown)).toEqual(['The second sentence is unclear.']);

    await review().getByRole('button', { name: 'Approve' }).click();
    await reviewList().locator('.cr-review--approved').waitFor();
    await reviewList().locator('.cr-review--outdated').getByText('Outdated', { exact: true }).waitFor();
    await eventually(async () => expect(await merge.isDisabled()).toBe(false));
    await h.screenshot('change-request-reviews-approved');

    await merge.click();
    await eventually(async () => expect((await h.api<{ status: string }>('GET', `/v1/spaces/${spaceId}/change-requests/${crId}`)).status).toBe('merged'));
    expect(h.pageErrors).toEqual([]);
  }, 60_000);
});
