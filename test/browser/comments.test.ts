import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ApiComment {
  id: string;
  body: { markdown: string };
  status: 'open' | 'resolved';
  replies: number;
  reactions: Array<{ emoji: string; count: number }>;
  target: { page?: { id: string } };
}

let h: BrowserHarness;
let spaceId: string;
let pageId: string;

beforeAll(async () => {
  h = await startBrowserHarness('comments');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  // GitBook's API has no REST call that creates a page: seed it through the content service, as the owner.
  const me = await h.api<{ id: string }>('GET', '/v1/user');
  const owner = serviceContext(h.app, getUserById(h.app.db, me.id)!);
  pageId = createPage(owner, spaceId, { title: 'Onboarding', markdown: '# Onboarding\n\nWelcome aboard.\n' }).pageId;
  // A missing element fails the step in seconds, naming it, rather than the test timing out.
  h.page.setDefaultTimeout(5_000);
  await h.signIn();
  await h.openSpace('Handbook');
  // The address names the open page (location-sync), as a link to it would.
  await h.page.goto(`${h.host.url}/#/spaces/${spaceId}/pages/${pageId}`);
  await h.page.getByRole('navigation', { name: 'Pages' }).waitFor();
});

afterAll(async () => {
  await h?.close();
});

const comments = () => h.page.getByRole('complementary', { name: 'Comments' });
const listComments = async () => (await h.api<{ items: ApiComment[] }>('GET', `/v1/spaces/${spaceId}/comments?targetPage=${pageId}`)).items;
const tree = () => h.page.getByRole('navigation', { name: 'Pages' });
const togglePanel = () => h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Comments' }).click();

describe('comments on a page', () => {
  it('posts a thread, replies, reacts and resolves it, each saved as /v1 shows', async () => {
    await togglePanel();
    await comments().getByText('No comments on this page yet — start a thread above.').waitFor();

    await comments().getByLabel('Comment on this page').fill('Should we mention the VPN?\n\nIt trips up every new hire.');
    await comments().getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = comments().getByRole('list', { name: 'Open threads' }).getByRole('listitem').first();
    await thread.getByText('It trips up every new hire.').waitFor();
    const [posted] = await listComments();
    expect(posted).toMatchObject({ body: { markdown: 'Should we mention the VPN?\n\nIt trips up every new hire.' }, status: 'open', target: { page: { id: pageId } } });
    // The page tree recounts the page's open threads.
    await tree().getByRole('treeitem', { name: /^Onboarding.*1 open comment/ }).waitFor();

    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByLabel('Reply').fill('Yes, in the first section.');
    await thread.getByLabel('Reply').press('Control+Enter');
    await thread.getByRole('article', { name: /^Reply by/ }).getByText('Yes, in the first section.').waitFor();
    const replies = await h.api<{ items: Array<{ body: { markdown: string } }> }>('GET', `/v1/spaces/${spaceId}/comments/${posted!.id}/replies`);
    expect(replies.items.map((r) => r.body.markdown)).toEqual(['Yes, in the first section.']);

    const first = thread.getByRole('article', { name: /^Comment by/ });
    await first.getByRole('button', { name: 'Add a reaction' }).click();
    await first.getByRole('button', { name: 'React with thumbs up' }).click();
    expect(await first.getByRole('button', { name: 'thumbs up: 1' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await listComments())[0]!.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1 })]);
    await h.screenshot('comments-thread');

    await thread.getByRole('button', { name: 'Resolve' }).click();
    const showResolved = comments().getByRole('button', { name: 'Show resolved (1)' });
    await showResolved.waitFor();
    await comments().getByRole('list', { name: 'Open threads' }).waitFor({ state: 'detached' });
    expect((await listComments())[0]).toMatchObject({ status: 'resolved', replies: 1 });
    await tree().getByRole('treeitem', { name: /open comment/ }).waitFor({ state: 'detached' });

    await showResolved.click();
    const resolved = comments().getByRole('list', { name: 'Resolved threads' });
    await resolved.getByText(/^Resolved by/).waitFor();
    await resolved.getByRole('button', { name: 'Reopen' }).waitFor();
    await h.screenshot('comments-resolved');
  });

  it('shows a comment posted through /v1 when the panel opens again', async () => {
    await h.api('POST', `/v1/spaces/${spaceId}/comments`, { page: pageId, body: { markdown: 'Posted by a script.' } });
    await togglePanel();
    await comments().waitFor({ state: 'detached' });
    await togglePanel();
    await comments().getByRole('list', { name: 'Open threads' }).getByText('Posted by a script.').waitFor();
  });

  it('lets a reader see the threads but explains why they cannot take part', async () => {
    await h.signInAsMember('reader@example.com', 'read');
    await h.openSpace('Handbook');
    await h.page.goto(`${h.host.url}/#/spaces/${spaceId}/pages/${pageId}`);
    // The panel stays as the owner left it (open); open it if it is not.
    const button = h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Comments' });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();

    const thread = comments().getByRole('list', { name: 'Open threads' }).getByRole('listitem').filter({ hasText: 'Posted by a script.' });
    await thread.waitFor();
    await comments().getByText(/your role on this space does not let you comment/).waitFor();
    expect(await comments().getByLabel('Comment on this page').count()).toBe(0);
    expect(await thread.getByRole('button', { name: /^(Reply|Resolve|Edit|Delete|Add a reaction)/ }).count()).toBe(0);
    await h.screenshot('comments-reader');
    expect(h.pageErrors).toEqual([]);
  });
});
