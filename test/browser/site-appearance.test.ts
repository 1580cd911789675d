import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface Customization {
  title: string;
  styling: { primaryColor: { light: string; dark: string }; corners: string };
  themes: { default: string; toggeable: boolean };
  announcement?: { enabled: boolean; message: string; style: string };
  footer: { copyright?: string };
  pagination: { enabled: boolean };
}

let h: BrowserHarness;
let siteId: string;
let siteSpaceId: string;

const main = () => h.page.getByRole('main');
const panel = () => main().getByRole('region', { name: 'Appearance' });
const saveButton = () => panel().getByRole('button', { name: 'Save appearance' });
const customization = () => h.api<Customization>('GET', `/v1/orgs/${h.orgId}/sites/${siteId}/customization`);
const siteSpaceUrl = () => `/v1/orgs/${h.orgId}/sites/${siteId}/site-spaces/${siteSpaceId}/customization`;
const siteSpaceCustomization = () => h.api<Customization>('GET', siteSpaceUrl());
const siteSpaceForm = () => panel().getByRole('form', { name: 'Appearance of User guide on the published site' });
const resetButton = () => panel().getByRole('button', { name: 'Use the site’s appearance' });

beforeAll(async () => {
  h = await startBrowserHarness('site-appearance');
  h.page.setDefaultTimeout(5_000);
  const space = await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'User guide' });
  siteId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/sites`, { title: 'Acme Docs', spaces: [space.id] })).id;
  siteSpaceId = (await h.api<{ items: Array<{ id: string }> }>('GET', `/v1/orgs/${h.orgId}/sites/${siteId}/site-spaces`)).items[0]!.id;
  await h.signIn();
});

afterAll(async () => {
  await h?.close();
});

describe('the Appearance section of a site', () => {
  it("shows the site's current look, with nothing to save yet", async () => {
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Sites' }).click();
    await main().getByRole('list', { name: 'Sites' }).getByRole('link', { name: /Acme Docs/ }).click();
    await main().getByRole('heading', { name: 'Acme Docs', level: 1 }).waitFor();

    expect(await panel().getByLabel('Title shown on the site').inputValue()).toBe('Acme Docs');
    expect(await panel().getByLabel('Primary color in the light theme').inputValue()).toBe('#346ddb');
    await panel().getByText('#346ddb').first().waitFor();
    expect(await panel().getByLabel('Default theme').inputValue()).toBe('light');
    expect(await panel().getByLabel('Let readers follow their system theme').isChecked()).toBe(true);
    expect(await panel().getByLabel('Show an announcement banner at the top of every page').isChecked()).toBe(false);
    expect(await panel().getByLabel('Show previous/next links at the end of each page').isChecked()).toBe(true);
    expect(await saveButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('says the banner needs a message instead of saving one turned on without it', async () => {
    await panel().getByLabel('Show an announcement banner at the top of every page').check();
    expect(await saveButton().getAttribute('aria-disabled')).toBe('false');
    await saveButton().click();
    await panel().getByRole('alert').getByText(/write the banner’s message/).waitFor();
    expect(await panel().getByLabel('Banner message').getAttribute('aria-invalid')).toBe('true');
    expect((await customization()).announcement).toBeUndefined();
  });

  it('saves a new primary color and an announcement, which /v1 then answers', async () => {
    await panel().getByLabel('Primary color in the light theme').fill('#aa3300');
    await panel().getByText('#aa3300').waitFor();
    await panel().getByLabel('Banner message').fill('Version 2 is out');
    // Typing clears the error that named the field.
    await panel().getByRole('alert').waitFor({ state: 'detached' });
    await panel().getByLabel('Banner style').selectOption({ label: 'Warning' });
    await panel().getByLabel('Footer copyright text').fill('© Acme Inc.');
    await h.screenshot('site-appearance');

    await saveButton().click();
    await panel().getByRole('status').getByText('Saved the site’s appearance.').waitFor();
    expect(await saveButton().getAttribute('aria-disabled')).toBe('true');

    const saved = await customization();
    expect(saved.styling.primaryColor).toEqual({ light: '#aa3300', dark: '#346DDB' });
    expect(saved.announcement).toEqual({ enabled: true, message: 'Version 2 is out', style: 'warning' });
    expect(saved.footer.copyright).toBe('© Acme Inc.');
    // What the section does not show is sent back as it was.
    expect(saved).toMatchObject({ title: 'Acme Docs', styling: { corners: 'rounded' }, themes: { default: 'light', toggeable: true }, pagination: { enabled: true } });
  });

  it('shows the saved look again after a reload', async () => {
    await h.page.reload();
    await panel().waitFor();
    expect(await panel().getByLabel('Primary color in the light theme').inputValue()).toBe('#aa3300');
    expect(await panel().getByLabel('Show an announcement banner at the top of every page').isChecked()).toBe(true);
    expect(await panel().getByLabel('Banner message').inputValue()).toBe('Version 2 is out');
    expect(await panel().getByLabel('Banner style').inputValue()).toBe('warning');
    await h.screenshot('site-appearance-saved');
  });

  it("overrides the primary color for one site space, which /v1 and that site space's stylesheet then show", async () => {
    await panel().getByLabel('Applies to').selectOption({ label: 'User guide' });
    await siteSpaceForm().waitFor();
    // It starts from the site's look, with nothing of its own to reset.
    await panel().getByText('User guide looks like the rest of the site.').waitFor();
    expect(await panel().getByLabel('Primary color in the light theme').inputValue()).toBe('#aa3300');
    expect(await resetButton().count()).toBe(0);

    await panel().getByLabel('Primary color in the light theme').fill('#116611');
    await panel().getByText('#116611').waitFor();
    await saveButton().click();
    await panel().getByRole('status').getByText('Saved this site space’s appearance.').waitFor();
    await resetButton().waitFor();
    await h.screenshot('site-appearance-site-space');

    expect((await siteSpaceCustomization()).styling.primaryColor).toEqual({ light: '#116611', dark: '#346DDB' });
    expect((await customization()).styling.primaryColor).toEqual({ light: '#aa3300', dark: '#346DDB' });
    await h.api('POST', `/v1/orgs/${h.orgId}/sites/${siteId}/publish`);
    const css = await fetch(`${h.host.url}/sites/${siteId}/~style/${siteSpaceId}.css`);
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('--accent: #116611;');
  });

  it("gives the site space the site's appearance again", async () => {
    await resetButton().click();
    await panel().getByText('User guide looks like the rest of the site.').waitFor();
    await panel().getByRole('status').getByText('This site space uses the site’s appearance again.').waitFor();
    expect(await panel().getByLabel('Primary color in the light theme').inputValue()).toBe('#aa3300');
    expect(await resetButton().count()).toBe(0);
    expect((await siteSpaceCustomization()).styling.primaryColor).toEqual({ light: '#aa3300', dark: '#346DDB' });

    // The whole site again: its own form.
    await panel().getByLabel('Applies to').selectOption({ label: 'The whole site' });
    await panel().getByRole('form', { name: 'Appearance of the published site' }).waitFor();
  });

  it('shows a member who is not an admin the look without letting them change it', async () => {
    await h.signInAsMember('editor@example.com', 'edit');
    await h.page.goto(`${h.host.url}/#/orgs/${h.orgId}/sites/${siteId}`);

    expect(await panel().getByLabel('Banner message').inputValue()).toBe('Version 2 is out');
    expect(await panel().getByLabel('Banner message').getAttribute('readonly')).not.toBeNull();
    expect(await panel().getByLabel('Primary color in the light theme').isDisabled()).toBe(true);
    expect(await panel().getByLabel('Show an announcement banner at the top of every page').isDisabled()).toBe(true);
    expect(await saveButton().count()).toBe(0);

    // A site space's overrides too: shown, neither changed nor reset.
    await h.api('PATCH', siteSpaceUrl(), { styling: { primaryColor: { light: '#116611', dark: '#346DDB' } } });
    await panel().getByLabel('Applies to').selectOption({ label: 'User guide' });
    await panel().getByText('User guide looks different from the rest of the site.').waitFor();
    expect(await siteSpaceForm().getByLabel('Primary color in the light theme').inputValue()).toBe('#116611');
    expect(await panel().getByLabel('Primary color in the light theme').isDisabled()).toBe(true);
    expect(await saveButton().count()).toBe(0);
    expect(await resetButton().count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
  });
});
