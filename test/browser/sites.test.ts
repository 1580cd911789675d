import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface Site {
  id: string;
  title: string;
  visibility: string;
  published: boolean;
  siteSpaces: number;
  urls: { published?: string };
}

let h: BrowserHarness;
let site: Site;

const main = () => h.page.getByRole('main');
const sitesPath = () => `/v1/orgs/${h.orgId}/sites`;
const listSites = async () => (await h.api<{ items: Site[] }>('GET', sitesPath())).items;
const sitePath = () => `${sitesPath()}/${site.id}`;
const sectionsPanel = () => main().getByRole('region', { name: 'Sections' });
const shareLinksPanel = () => main().getByRole('region', { name: 'Share links' });

interface Structure {
  type: string;
  structure: Array<{ id: string; title: string; siteSpaces?: Array<{ space: { title: string } }> }>;
}
interface ShareLink {
  id: string;
  name?: string;
  active: boolean;
  urls: { published?: string };
}
const structure = () => h.api<Structure>('GET', `${sitePath()}/structure`);
const shareLinks = async () => (await h.api<{ items: ShareLink[] }>('GET', `${sitePath()}/share-links`)).items;

/** A page view as the published site's script would send it. */
const pageView = (n: number) => ({
  type: 'page_view',
  session: { visitorId: `visitor-${n}`, sessionId: `session-${n}`, cookies: {}, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', language: 'en', referrer: null },
  location: { url: 'https://docs.example.com/user-guide', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
});

beforeAll(async () => {
  h = await startBrowserHarness('sites');
  await h.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.host.url });
  h.page.setDefaultTimeout(5_000);
  // No emoji: Debian's Chromium here has no emoji font (see spaces-page.test.ts).
  await h.api('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'User guide' });
  await h.api('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'API reference' });
  await h.signIn();
});

afterAll(async () => {
  await h?.close();
});

describe('the Sites screen', () => {
  it('opens from the sidebar with its own address, and says when there are no sites', async () => {
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Sites' }).click();
    await main().getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    await main().getByText('No sites yet').waitFor();
    expect(new URL(h.page.url()).hash).toBe(`#/orgs/${h.orgId}/sites`);
  });

  it('creates a site from a chosen space, which /v1 then lists, and opens its page', async () => {
    await main().getByRole('button', { name: 'New site' }).click();
    const form = main().getByRole('form', { name: 'New site' });
    await form.getByLabel('Site title').fill('Acme Docs');
    await form.getByRole('checkbox', { name: 'User guide' }).check();
    await h.screenshot('sites-new');
    await form.getByRole('button', { name: 'Create site' }).click();

    await main().getByRole('heading', { name: 'Acme Docs', level: 1 }).waitFor();
    const sites = await listSites();
    expect(sites).toHaveLength(1);
    site = sites[0]!;
    expect(site).toMatchObject({ title: 'Acme Docs', siteSpaces: 1, published: false });
    const siteSpaces = await h.api<{ items: Array<{ space: { title: string } }> }>('GET', `${sitesPath()}/${site.id}/site-spaces`);
    expect(siteSpaces.items.map((s) => s.space.title)).toEqual(['User guide']);
    expect(new URL(h.page.url()).hash).toBe(`#/orgs/${h.orgId}/sites/${site.id}`);
    await main().getByText('Not published').waitFor();
  });

  it('saves the title and visibility, as /v1 then shows', async () => {
    const settings = main().getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Title').fill('Acme Handbook');
    await settings.getByLabel('Visibility').selectOption('unlisted');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await main().getByRole('heading', { name: 'Acme Handbook', level: 1 }).waitFor();
    expect(await h.api<Site>('GET', `${sitesPath()}/${site.id}`)).toMatchObject({ title: 'Acme Handbook', visibility: 'unlisted' });
  });

  it('turns the site’s spaces into sections when one is added, and renames, moves and deletes sections', async () => {
    await sectionsPanel().getByRole('list', { name: 'Spaces of the site' }).getByText('User guide', { exact: true }).waitFor();
    await sectionsPanel().getByLabel('Add a section from a space').selectOption({ label: 'API reference' });
    await sectionsPanel().getByRole('button', { name: 'Add section' }).click();
    const sections = sectionsPanel().getByRole('list', { name: 'Sections of the site' });
    await sections.getByText('API reference', { exact: true }).waitFor();
    let seen = await structure();
    expect(seen.type).toBe('sections');
    expect(seen.structure.map((s) => s.title)).toEqual(['User guide', 'API reference']);

    await sections.getByRole('button', { name: 'Rename the section API reference' }).click();
    await sectionsPanel().getByLabel('New name for the section API reference').fill('Reference');
    await sectionsPanel().getByRole('button', { name: 'Save' }).click();
    await sections.getByText('Reference', { exact: true }).waitFor();
    expect((await structure()).structure.map((s) => s.title)).toEqual(['User guide', 'Reference']);

    await sections.getByRole('button', { name: 'Move the section Reference up' }).click();
    await h.page.getByRole('status').filter({ hasText: 'Moved “Reference” up.' }).waitFor({ state: 'attached' });
    seen = await structure();
    expect(seen.structure.map((s) => s.title)).toEqual(['Reference', 'User guide']);
    // The status is set when the server answers; the list follows once the structure is reloaded.
    await sections.getByRole('listitem').first().filter({ hasText: 'Reference' }).waitFor();
    // The keyboard stays on the moved section: at the top now, so on its "down" button.
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move the section Reference down');
    await h.screenshot('sites-sections');

    await sections.getByRole('button', { name: 'Delete the section User guide' }).click();
    await sections.getByRole('button', { name: 'Delete “User guide”' }).click();
    await sections.getByText('User guide', { exact: true }).waitFor({ state: 'detached' });
    expect((await structure()).structure.map((s) => s.title)).toEqual(['Reference']);
  });

  it('creates, renames, deactivates and deletes share links, as /v1 then lists them', async () => {
    await shareLinksPanel().getByText('No share links yet.').waitFor();
    await shareLinksPanel().getByLabel('Name of a new link (optional)').fill('Partners');
    await shareLinksPanel().getByRole('button', { name: 'Create share link' }).click();
    const list = shareLinksPanel().getByRole('list', { name: 'Share links' });
    await list.getByText('Partners', { exact: true }).waitFor();
    let links = await shareLinks();
    expect(links).toMatchObject([{ name: 'Partners', active: true }]);
    // Not published yet: the link has no address to copy.
    await list.getByText('Publish the site to get this link’s address.').waitFor();

    await shareLinksPanel().getByLabel('Name of a new link (optional)').fill('Temporary');
    await shareLinksPanel().getByRole('button', { name: 'Create share link' }).click();
    await list.getByText('Temporary', { exact: true }).waitFor();
    await list.getByRole('button', { name: 'Delete the share link Temporary' }).click();
    await list.getByRole('button', { name: 'Delete “Temporary”' }).click();
    await list.getByText('Temporary', { exact: true }).waitFor({ state: 'detached' });
    expect((await shareLinks()).map((l) => l.name)).toEqual(['Partners']);

    await list.getByRole('button', { name: 'Rename the share link Partners' }).click();
    await shareLinksPanel().getByLabel('New name for the share link Partners').fill('Partners EU');
    await shareLinksPanel().getByRole('button', { name: 'Save' }).click();
    await list.getByText('Partners EU', { exact: true }).waitFor();
    await list.getByRole('button', { name: 'Deactivate the share link Partners EU' }).click();
    // Exact: the row's text runs its buttons together ("…DeactivateDelete"), which a loose match would find at once.
    await list.getByText('Deactivated', { exact: true }).waitFor();
    links = await shareLinks();
    expect(links).toMatchObject([{ name: 'Partners EU', active: false }]);
    await list.getByRole('button', { name: 'Reactivate the share link Partners EU' }).click();
    await list.getByText('Active', { exact: true }).waitFor();
    expect((await shareLinks())[0]!.active).toBe(true);
  });

  it('previews the unpublished site, then publishes it, offering its address and the share link’s address to copy', async () => {
    const preview = main().getByRole('link', { name: /Open preview/ });
    const previewUrl = (await preview.getAttribute('href'))!;
    expect(previewUrl).toMatch(new RegExp(`/sites/${site.id}/\\?preview=`));
    expect(await preview.getAttribute('target')).toBe('_blank');
    const current = await h.api<Site>('GET', `${sitesPath()}/${site.id}`);
    expect(current.published).toBe(false);
    const tab = await h.browser.context.newPage();
    await tab.goto(previewUrl);
    await tab.getByRole('link', { name: current.title, exact: true }).first().waitFor();
    await tab.close();

    await main().getByRole('button', { name: 'Publish', exact: true }).click();
    await main().getByText('Published', { exact: true }).waitFor();
    const published = await h.api<Site>('GET', `${sitesPath()}/${site.id}`);
    expect(published.published).toBe(true);
    const open = main().getByRole('link', { name: /Open site/ });
    expect(await open.getAttribute('href')).toBe(published.urls.published);

    const [link] = await shareLinks();
    expect(link!.urls.published).toEqual(expect.stringContaining('shareKey='));
    await shareLinksPanel().getByText(link!.urls.published!).waitFor();
    await shareLinksPanel().getByRole('button', { name: 'Copy the link Partners EU' }).click();
    await shareLinksPanel().getByRole('status').getByText('Copied the link Partners EU.').waitFor();
    expect(await h.page.evaluate('navigator.clipboard.readText()')).toBe(link!.urls.published);
  });

  it('charts the page views posted through /v1, after saying there are none', async () => {
    const views = main().getByRole('region', { name: 'Page views' });
    await views.getByText('No page views yet').waitFor();
    await h.api('POST', `${sitePath()}/insights/events`, {
      events: [pageView(1), pageView(2), pageView(3), { ...pageView(4), type: 'search_open' }],
    });
    await h.page.reload();
    const chart = views.getByRole('img', { name: /Page views per day, last 30 days/ });
    await chart.waitFor();
    expect(await chart.locator('rect').count()).toBe(30);
    await views.getByText('3 page views in the last 30 days').waitFor();
    await views.getByText('Show the numbers').click();
    expect(await views.getByRole('table').getByRole('cell').innerText()).toBe('3');
    await h.screenshot('sites-site-page');
  });

  it('lists the site with its published state, and a reload lands on the same screen', async () => {
    await main().getByRole('link', { name: /All sites/ }).click();
    const entry = main().getByRole('list', { name: 'Sites' }).getByRole('link', { name: /Acme Handbook/ });
    await entry.getByText('Published', { exact: true }).waitFor();
    await h.page.reload();
    await main().getByRole('list', { name: 'Sites' }).getByRole('link', { name: /Acme Handbook/ }).click();
    await main().getByRole('heading', { name: 'Acme Handbook', level: 1 }).waitFor();
    await h.page.goBack();
    await main().getByRole('list', { name: 'Sites' }).waitFor();
    await h.screenshot('sites-list');
  });

  it('goes back to the organization page from the sidebar', async () => {
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Spaces' }).click();
    await main().getByRole('region', { name: 'Spaces' }).waitFor();
    await main().getByRole('link', { name: 'Open sites' }).waitFor();
    expect(h.pageErrors).toEqual([]);
  });
});
