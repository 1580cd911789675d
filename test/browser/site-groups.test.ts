import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

// Section groups on a site's page: each change made in the app is checked against /v1's structure.

interface Item {
  object: string;
  id: string;
  title: string;
  sections?: Array<{ title: string }>;
}

let h: BrowserHarness;
let siteId: string;

const main = () => h.page.getByRole('main');
const panel = () => main().getByRole('region', { name: 'Sections' });
const topList = () => panel().getByRole('list', { name: 'Sections of the site' });
const button = (name: string) => panel().getByRole('button', { name, exact: true });
/** The structure as /v1 shows it: `Title` for a section, `Group[Section, ...]` for a group. */
const structure = async () => {
  const body = await h.api<{ structure: Item[] }>('GET', `/v1/orgs/${h.orgId}/sites/${siteId}/structure`);
  return body.structure.map((item) => (item.object === 'site-section-group' ? `${item.title}[${item.sections!.map((s) => s.title).join(', ')}]` : item.title));
};
const focused = () => h.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

beforeAll(async () => {
  h = await startBrowserHarness('site-groups');
  h.page.setDefaultTimeout(5_000);
  const guide = await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'User guide' });
  const api = await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'API reference' });
  siteId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/sites`, { title: 'Acme Docs', spaces: [guide.id] })).id;
  await h.api('POST', `/v1/orgs/${h.orgId}/sites/${siteId}/sections`, { spaceId: api.id });
  await h.signIn();
  await h.page.goto(`${h.host.url}/#/orgs/${h.orgId}/sites/${siteId}`);
  await topList().waitFor();
});

afterAll(async () => {
  await h?.close();
});

describe('section groups on the Sites screen', () => {
  it('refuses an empty title, then creates a group at the end of the sections', async () => {
    await panel().getByRole('form', { name: 'New group' }).getByRole('button', { name: 'New group' }).click();
    await panel().getByRole('alert').getByText('title: a group’s title has 1 to 100 characters').waitFor();
    expect(await structure()).toEqual(['User guide', 'API reference']);

    await panel().getByLabel('New group of sections').fill('Products');
    await panel().getByRole('form', { name: 'New group' }).getByRole('button', { name: 'New group' }).click();
    await button('Rename the group Products').waitFor();
    await panel().getByRole('status').getByText('Created the group “Products”.').waitFor();
    expect(await panel().getByLabel('New group of sections').inputValue()).toBe('');
    await expect.poll(structure).toEqual(['User guide', 'API reference', 'Products[]']);
  });

  it('moves a section into the group, keeping the keyboard on the section', async () => {
    await button('Move the section API reference into a group').click();
    await panel().getByLabel('Group for the section API reference').selectOption({ label: 'Products' });
    await panel().getByRole('button', { name: 'Move', exact: true }).click();
    await panel().getByRole('list', { name: 'Sections in Products' }).getByRole('button', { name: 'Take the section API reference out of the group Products' }).waitFor();
    await expect.poll(structure).toEqual(['User guide', 'Products[API reference]']);
    await expect.poll(focused).toBe('Take the section API reference out of the group Products');
    await h.screenshot('site-groups');
  });

  it('renames the group', async () => {
    await button('Rename the group Products').click();
    await panel().getByLabel('New name for the group Products').fill('Platform');
    await panel().getByLabel('New name for the group Products').press('Enter');
    await button('Rename the group Platform').waitFor();
    await panel().getByRole('list', { name: 'Sections in Platform' }).waitFor();
    await expect.poll(structure).toEqual(['User guide', 'Platform[API reference]']);
  });

  it('still moves the group up and down among the sections', async () => {
    await button('Move the group Platform up').click();
    await expect.poll(structure).toEqual(['Platform[API reference]', 'User guide']);
    await expect.poll(() => button('Move the group Platform up').getAttribute('aria-disabled')).toBe('true');
    await button('Move the group Platform down').click();
    await expect.poll(structure).toEqual(['User guide', 'Platform[API reference]']);
    await expect.poll(() => button('Move the group Platform down').getAttribute('aria-disabled')).toBe('true');
  });

  it('takes the section out of the group, to just after it', async () => {
    await button('Take the section API reference out of the group Platform').click();
    await button('Take the section API reference out of the group Platform').waitFor({ state: 'detached' });
    await expect.poll(structure).toEqual(['User guide', 'Platform[]', 'API reference']);
    await expect.poll(focused).toBe('Move the section API reference into a group');
  });

  it('deletes the group after asking once more; the sections stay', async () => {
    await button('Move the section User guide into a group').click();
    await panel().getByRole('button', { name: 'Move', exact: true }).click();
    await button('Take the section User guide out of the group Platform').waitFor();
    await expect.poll(structure).toEqual(['Platform[User guide]', 'API reference']);

    await button('Delete the group Platform').click();
    await panel().getByRole('group', { name: 'Delete the group Platform' }).getByRole('button', { name: 'Delete the group “Platform”' }).click();
    await button('Rename the group Platform').waitFor({ state: 'detached' });
    await panel().getByRole('status').getByText('Deleted the group “Platform”; its sections stay in the site.').waitFor();
    await expect.poll(structure).toEqual(['User guide', 'API reference']);
    // With no group left, sections have nowhere to move into.
    await button('Move the section User guide into a group').waitFor({ state: 'detached' });
    expect(h.pageErrors).toEqual([]);
  });

  it('shows a member who is not an admin the groups without their controls', async () => {
    await h.api('POST', `/v1/orgs/${h.orgId}/sites/${siteId}/section-groups`, { title: 'Guides' });
    await h.signInAsMember('group-editor@example.com', 'edit');
    await h.page.goto(`${h.host.url}/#/orgs/${h.orgId}/sites/${siteId}`);

    // The group's row (its list of sections is empty, so not visible).
    await topList().getByText('Guides', { exact: true }).waitFor();
    expect(await panel().getByRole('form', { name: 'New group' }).count()).toBe(0);
    expect(await panel().getByRole('button').count()).toBe(0);
  });
});
