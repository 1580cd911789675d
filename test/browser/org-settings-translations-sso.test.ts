import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestIdp, type TestIdp } from '../support/saml-idp';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface Translation {
  id: string;
  title: string | null;
  source: { space: string; language: string };
  language: string;
}
interface SamlProvider {
  id: string;
  label: string;
  status: string;
  entityID: string;
  ssoURL: string;
  defaultRole: string | null;
  defaultTeam?: { id: string; title: string };
  service: { acsURL: string; entityID: string; startURL: string };
}

let h: BrowserHarness;
let idp: TestIdp;
let spaceId: string;
const main = () => h.page.getByRole('main');
const translationsRegion = () => main().getByRole('region', { name: 'Translations' });
const ssoRegion = () => main().getByRole('region', { name: 'Single sign-on' });
const translations = async () => (await h.api<{ items: Translation[] }>('GET', `/v1/orgs/${h.orgId}/translations`)).items;
const providers = async () => (await h.api<{ items: SamlProvider[] }>('GET', `/v1/orgs/${h.orgId}/saml`)).items;

beforeAll(async () => {
  h = await startBrowserHarness('org-settings');
  h.page.setDefaultTimeout(10_000);
  await h.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.host.url });
  idp = await createTestIdp('org-settings-idp');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await h.api('PUT', `/v1/orgs/${h.orgId}/teams`, { title: 'Writers' });
  await h.signIn();
  // The organization opens on its spaces; translations and single sign-on are in its settings.
  await main().getByRole('button', { name: 'Organization settings' }).click();
});

afterAll(async () => {
  await h?.close();
});

describe('translations in the organization settings', () => {
  it('creates a translation of a space, as /v1 then lists it', async () => {
    await translationsRegion().getByText('No translations yet.').waitFor();
    await translationsRegion().getByRole('button', { name: 'New translation' }).click();
    const form = translationsRegion().getByRole('form', { name: 'New translation' });
    await form.getByLabel('Source space').selectOption({ label: 'Handbook' });
    await form.getByLabel('Source language').selectOption('en');
    await form.getByLabel('Target language').selectOption('de');
    await form.getByLabel('Title (optional)').fill('German handbook');
    await h.screenshot('org-settings-translation-new');
    await form.getByRole('button', { name: 'Create translation' }).click();
    const list = translationsRegion().getByRole('list', { name: 'Translations' });
    await list.getByText('German handbook').waitFor();
    expect(await translations()).toMatchObject([{ title: 'German handbook', source: { space: spaceId, language: 'en' }, language: 'de' }]);
  });

  it('refuses the same language as source and target before asking the server', async () => {
    await translationsRegion().getByRole('button', { name: 'New translation' }).click();
    const form = translationsRegion().getByRole('form', { name: 'New translation' });
    await form.getByLabel('Target language').selectOption('en');
    await form.getByRole('button', { name: 'Create translation' }).click();
    await form.getByRole('alert').getByText(/language: choose a language other than the source’s/).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await translations()).toHaveLength(1);
  });

  it('renames and deletes the translation', async () => {
    const list = translationsRegion().getByRole('list', { name: 'Translations' });
    await list.getByRole('button', { name: 'Rename the translation German handbook' }).click();
    await translationsRegion().getByLabel('New name for the translation German handbook').fill('Handbuch');
    await translationsRegion().getByRole('button', { name: 'Save' }).click();
    await list.getByText('Handbuch').waitFor();
    expect((await translations())[0]!.title).toBe('Handbuch');
    await list.getByRole('button', { name: 'Delete the translation Handbuch' }).click();
    await list.getByRole('button', { name: 'Delete “Handbuch”' }).click();
    await translationsRegion().getByText('No translations yet.').waitFor();
    expect(await translations()).toEqual([]);
  });
});

describe('single sign-on in the organization settings', () => {
  it('adds a SAML provider with its certificate, default role and team, as /v1 then shows', async () => {
    await ssoRegion().getByText('No identity providers yet.').waitFor();
    await ssoRegion().getByRole('button', { name: 'New SAML provider' }).click();
    const form = ssoRegion().getByRole('form', { name: 'New identity provider' });
    await form.getByLabel('Label').fill('Test IdP');
    await form.getByLabel('Identity provider entity ID').fill(idp.entityId);
    await form.getByLabel('Single sign-on URL').fill(idp.ssoURL);
    await form.getByLabel('Signing certificate (PEM)').fill(idp.certificate);
    await form.getByLabel('Default role').selectOption('edit');
    await form.getByLabel('Default team').selectOption({ label: 'Writers' });
    await form.getByRole('button', { name: 'Add provider' }).click();
    const list = ssoRegion().getByRole('list', { name: 'SAML providers' });
    await list.getByText('Active', { exact: true }).waitFor();
    const [provider] = await providers();
    expect(provider).toMatchObject({ label: 'Test IdP', status: 'active', entityID: idp.entityId, ssoURL: idp.ssoURL, defaultRole: 'edit', defaultTeam: { title: 'Writers' } });
    // What the identity provider is given, to copy.
    await list.getByText(provider!.service.acsURL).waitFor();
    await list.getByText(provider!.service.entityID).waitFor();
    await list.getByText(provider!.service.startURL).waitFor();
    await list.getByRole('button', { name: 'Copy the ACS URL of Test IdP' }).click();
    // The copy is asynchronous (navigator.clipboard.writeText): wait for it rather than read the clipboard at once.
    await expect.poll(() => h.page.evaluate('navigator.clipboard.readText()')).toBe(provider!.service.acsURL);
    await h.screenshot('org-settings-sso');
  });

  it('shows the server’s refusal of a certificate that is not one', async () => {
    expect(h.pageErrors).toEqual([]);
    const list = ssoRegion().getByRole('list', { name: 'SAML providers' });
    await list.getByRole('button', { name: 'Edit the provider Test IdP' }).click();
    const form = ssoRegion().getByRole('form', { name: 'Edit “Test IdP”' });
    await form.getByLabel('Signing certificate (PEM)').fill('not a certificate');
    await form.getByRole('button', { name: 'Save provider' }).click();
    await form.getByRole('alert').getByText(/certificate/).waitFor();
    expect((await providers())[0]!.status).toBe('active');
    await form.getByRole('button', { name: 'Cancel' }).click();
    // The refused request is the only thing Chromium logged; nothing else went wrong.
    expect(h.pageErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    h.pageErrors.length = 0;
  });

  it('edits the provider’s label and role, then deletes it', async () => {
    const list = ssoRegion().getByRole('list', { name: 'SAML providers' });
    await list.getByRole('button', { name: 'Edit the provider Test IdP' }).click();
    const form = ssoRegion().getByRole('form', { name: 'Edit “Test IdP”' });
    await form.getByLabel('Label').fill('Company login');
    await form.getByLabel('Default role').selectOption('read');
    await form.getByRole('button', { name: 'Save provider' }).click();
    await list.getByText('Company login').waitFor();
    expect((await providers())[0]).toMatchObject({ label: 'Company login', defaultRole: 'read' });
    await list.getByRole('button', { name: 'Delete the provider Company login' }).click();
    await list.getByRole('button', { name: 'Delete “Company login”' }).click();
    await ssoRegion().getByText('No identity providers yet.').waitFor();
    expect(await providers()).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
