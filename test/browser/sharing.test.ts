import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { acceptInvite, type BrowserHarness, startBrowserHarness } from './harness';

interface UserPermissions {
  items: Array<{ permission: string; user: { id: string; displayName: string } }>;
}

let h: BrowserHarness;
let spaceId: string;
let collectionId: string;
let siteId: string;
/** A member of the organization (role read) whom the admin invites. */
let ada: { id: string; name: string };

const main = () => h.page.getByRole('main');
const dialog = () => h.page.getByRole('dialog', { name: 'Share' });
const entries = (scope = dialog()) => scope.getByRole('list', { name: 'People and teams with access' });
const invitedToSpace = async () =>
  (await h.api<UserPermissions>('GET', `/v1/spaces/${spaceId}/permissions/users`)).items.map((item) => `${item.user.id} ${item.permission}`);

/** Makes `email` a member of the owner's organization, as an invite they accepted. */
async function addMember(email: string): Promise<{ id: string; name: string }> {
  await h.api('POST', `/v1/orgs/${h.orgId}/invites`, { emails: [{ email, role: 'read' }] });
  const token = generateToken();
  const now = new Date().toISOString();
  const user = findOrCreateUser(h.app.db, email, now);
  insertToken(h.app.db, user.id, token, now, 'test');
  await acceptInvite(h.host.url, token, h.orgId);
  return { id: user.id, name: user.display_name };
}

beforeAll(async () => {
  h = await startBrowserHarness('sharing');
  h.page.setDefaultTimeout(15_000);
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  collectionId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/collections`, { title: 'Guides' })).id;
  siteId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/sites`, { title: 'Acme Docs', spaces: [spaceId] })).id;
  ada = await addMember('ada@acme.test');
  await h.api('PUT', `/v1/orgs/${h.orgId}/teams`, { title: 'Docs writers' });
  await h.signIn();
}, 120_000);

// A failed step must not leave the dialog over the next test's buttons.
afterEach(async () => {
  if (await dialog().count()) await h.page.keyboard.press('Escape');
});

afterAll(async () => {
  await h?.close();
});

describe('the sharing panels', () => {
  it("lets a space's admin invite a member, change the role and remove the invitation, as /v1 then has it", async () => {
    await h.openSpace('Handbook');
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Share' }).click();
    await dialog().getByText('Nobody is invited yet', { exact: false }).waitFor();

    await dialog().getByLabel('Member or team').selectOption({ value: `user:${ada.id}` });
    await dialog().getByLabel('Role', { exact: true }).selectOption('edit');
    await h.screenshot('sharing-invite');
    await dialog().getByRole('button', { name: 'Invite' }).click();

    const row = entries().getByRole('listitem', { name: ada.name });
    await row.waitFor();
    const role = dialog().getByLabel(`Role of ${ada.name}`);
    expect(await role.inputValue()).toBe('edit');
    expect(await invitedToSpace()).toEqual([`${ada.id} edit`]);
    // Invited people are no longer offered.
    expect(await dialog().getByLabel('Member or team').locator(`option[value="user:${ada.id}"]`).count()).toBe(0);
    await h.screenshot('sharing-space');

    await role.selectOption('review');
    await expect.poll(invitedToSpace).toEqual([`${ada.id} review`]);
    await expect.poll(() => role.inputValue()).toBe('review');

    await dialog().getByRole('button', { name: `Remove access for ${ada.name}` }).click();
    await dialog().getByText('Nobody is invited yet', { exact: false }).waitFor();
    expect(await invitedToSpace()).toEqual([]);
  }, 90_000);

  it('says in words why the server refused an invitation', async () => {
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Share' }).click();
    await dialog().getByLabel('Member or team').selectOption({ label: 'Docs writers' });
    // The team is deleted meanwhile (another window): the server refuses it by name.
    const team = (await h.api<{ items: Array<{ id: string; title: string }> }>('GET', `/v1/orgs/${h.orgId}/teams`)).items.find((t) => t.title === 'Docs writers')!;
    await h.api('DELETE', `/v1/orgs/${h.orgId}/teams/${team.id}`);
    await dialog().getByRole('button', { name: 'Invite' }).click();
    await dialog().getByRole('alert').getByText(/^Could not invite: teams/).waitFor();
    // The refusal's 400 is what Chromium logs for it; nothing else went wrong.
    expect(h.pageErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    h.pageErrors.length = 0;
    await h.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  }, 60_000);

  it('offers the teams of an organization with more than a page of them, a page at a time', async () => {
    for (let n = 1; n <= 51; n += 1) await h.api('PUT', `/v1/orgs/${h.orgId}/teams`, { title: `Team ${String(n).padStart(2, '0')}` });
    // Loaded afresh: the app lists an organization's teams once.
    await h.page.goto(`${h.host.url}/#/spaces/${spaceId}`);
    await h.page.reload();
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Share' }).click();
    const offered = dialog().getByLabel('Member or team').locator('optgroup[label="Teams"] option');
    await expect.poll(() => offered.count()).toBe(50);
    await dialog().getByRole('button', { name: 'Offer more teams' }).click();
    await expect.poll(() => offered.count()).toBe(51);
    await dialog().getByRole('button', { name: 'Offer more teams' }).waitFor({ state: 'detached' });
    await h.page.keyboard.press('Escape');
  }, 90_000);

  it("opens a collection's panel from the organization's spaces, listing an invitation made over /v1", async () => {
    await h.api('POST', `/v1/collections/${collectionId}/permissions`, { role: 'comment', users: [ada.id] });
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Spaces' }).first().click();
    await h.page.getByRole('region', { name: 'Spaces' }).getByRole('button', { name: 'Share Guides' }).click();
    await entries().getByRole('listitem', { name: ada.name }).waitFor();
    expect(await dialog().getByLabel(`Role of ${ada.name}`).inputValue()).toBe('comment');
    await h.screenshot('sharing-collection');
  }, 60_000);

  it("shows a site's Sharing section on its page, listing an invitation made over /v1", async () => {
    await h.api('POST', `/v1/orgs/${h.orgId}/sites/${siteId}/permissions`, { role: 'admin', users: [ada.id] });
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Sites' }).click();
    await main().getByRole('list', { name: 'Sites' }).getByRole('link', { name: /Acme Docs/ }).click();
    const section = main().getByRole('region', { name: 'Sharing' });
    await entries(section).getByRole('listitem', { name: ada.name }).waitFor();
    expect(await section.getByLabel(`Role of ${ada.name}`).inputValue()).toBe('admin');
    await section.scrollIntoViewIfNeeded();
    await h.screenshot('sharing-site');
  }, 60_000);

  it('shows a member who is no admin the list without controls', async () => {
    await h.api('POST', `/v1/spaces/${spaceId}/permissions`, { role: 'comment', users: [ada.id] });
    await h.signInAsMember('bob@acme.test', 'read');
    await h.openSpace('Handbook');
    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Share' }).click();
    const row = entries().getByRole('listitem', { name: ada.name });
    await row.getByText('Commenter').waitFor();
    expect(await dialog().getByRole('combobox').count()).toBe(0);
    expect(await dialog().getByRole('button', { name: /^Remove access/ }).count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
  }, 90_000);

  it("gives a member invited as a site's admin the site's controls, which a reader of it does not get", async () => {
    // Bob, signed in above, reads the organization: the site's page shows him its sharing without controls.
    await h.page.keyboard.press('Escape');
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Sites' }).click();
    await main().getByRole('list', { name: 'Sites' }).getByRole('link', { name: /Acme Docs/ }).click();
    const section = main().getByRole('region', { name: 'Sharing' });
    await entries(section).getByRole('listitem', { name: ada.name }).waitFor();
    expect(await section.getByRole('combobox').count()).toBe(0);
    expect(await main().getByRole('button', { name: /^(Publish|Unpublish)$/ }).count()).toBe(0);

    // Invited as the site's admin, he manages it as the server lets him: who is invited, and publishing.
    const bob = findOrCreateUser(h.app.db, 'bob@acme.test', new Date().toISOString());
    await h.api('POST', `/v1/orgs/${h.orgId}/sites/${siteId}/permissions`, { role: 'admin', users: [bob.id] });
    await h.page.reload();
    await section.getByLabel(`Role of ${ada.name}`).waitFor();
    await section.getByRole('form', { name: 'Invite' }).waitFor();
    await main().getByRole('button', { name: /^(Publish|Unpublish)$/ }).waitFor();
    expect(h.pageErrors).toEqual([]);
  }, 90_000);
});
