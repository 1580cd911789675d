import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcClient } from '../trpc/client';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;

const dialog = () => h.page.getByRole('dialog', { name: 'Settings' });
const settingsButton = () => h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Settings' });
const indicator = () => h.page.locator('.connection').getByRole('status').first();

async function openSettings() {
  await settingsButton().click();
  await dialog().getByText('API address').waitFor();
}

beforeAll(async () => {
  h = await startBrowserHarness('settings');
  await h.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.host.url });
  h.page.setDefaultTimeout(5_000);
  // Loading the app can take longer while other suites share the machine.
  h.page.setDefaultNavigationTimeout(30_000);
  await h.signIn();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the settings dialog', () => {
  it('shows the local API address and the data folder, and copies the browser session token', async () => {
    await openSettings();
    expect(await dialog().getByTestId('api-url').innerText()).toBe(`${h.host.url}/v1`);
    await dialog().getByText(h.app.dataDir).waitFor();
    await dialog().getByText('Your token (this browser’s session)').waitFor();
    // Masked until asked for.
    expect(await dialog().getByText(h.ownerToken).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Show' }).click();
    await dialog().getByText(h.ownerToken).waitFor();
    await dialog().getByRole('button', { name: 'Hide' }).click();

    await dialog().getByRole('button', { name: 'Copy the token' }).click();
    await dialog().getByRole('status').getByText('Copied the token.').waitFor();
    expect(await h.page.evaluate('navigator.clipboard.readText()')).toBe(h.ownerToken);
    await dialog().getByRole('radiogroup', { name: 'Theme' }).waitFor();
    await h.screenshot('settings-dialog');
  });

  it('keeps focus inside while open, and Escape closes it back to the Settings button', async () => {
    for (let i = 0; i < 15; i++) {
      await h.page.keyboard.press('Tab');
      expect(await h.page.evaluate("document.querySelector('[role=dialog]').contains(document.activeElement)")).toBe(true);
    }
    await h.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await h.page.evaluate('document.activeElement.textContent')).toBe('Settings');
  });

  it('refuses an address that is not http(s) in words, saves a team server, and keeps it after reopening', async () => {
    await openSettings();
    const address = dialog().getByLabel('Team server address');
    await address.fill('ftp://team.example.com');
    await dialog().getByLabel('API token on the team server').fill('folio_team_token_9f3c');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByRole('alert').getByText('url: must be an http(s) URL').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await h.screenshot('settings-invalid-remote');

    await address.fill('https://team.example.com');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Team server saved: https://team.example.com.').waitFor();
    await dialog().getByText('with the token ending …9f3c').waitFor();
    const saved = await trpcClient(h.host.url, h.ownerToken).settings.get.query();
    expect(saved.remote).toMatchObject({ url: 'https://team.example.com', tokenHint: '…9f3c' });

    await h.page.keyboard.press('Escape');
    await openSettings();
    expect(await dialog().getByLabel('Team server address').inputValue()).toBe('https://team.example.com');
    await dialog().getByRole('button', { name: 'Disconnect' }).click();
    await dialog().getByText('No team server is set.').waitFor();
    expect((await trpcClient(h.host.url, h.ownerToken).settings.get.query()).remote).toBeNull();
    await h.page.keyboard.press('Escape');
  });
});

/** Every custom property of <html> as the page computes it now (the theme's colours). */
const themeColours = () =>
  h.page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const names = Array.from(style).filter((name) => name.startsWith('--'));
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name).trim()]));
  });
const themeAttribute = () => h.page.evaluate(() => document.documentElement.getAttribute('data-theme'));

describe('the theme', () => {
  const theme = () => dialog().getByRole('radiogroup', { name: 'Theme' });

  it('follows the system until one is chosen; Dark applies at once, over a light system, and persists across a reload', async () => {
    await h.page.emulateMedia({ colorScheme: 'dark' });
    const systemDark = await themeColours();
    await h.page.emulateMedia({ colorScheme: 'light' });
    const systemLight = await themeColours();
    expect(systemDark['--bg']).toBe('#111113');
    expect(systemLight['--bg']).toBe('#ffffff');

    await openSettings();
    expect(await theme().getByRole('radio', { name: /^System/ }).isChecked()).toBe(true);
    expect(await themeAttribute()).toBeNull();
    await theme().getByRole('radio', { name: /^Dark/ }).check();
    expect(await themeAttribute()).toBe('dark');
    // The forced dark theme is the system's dark theme, colour for colour.
    expect(await themeColours()).toEqual(systemDark);
    await h.screenshot('settings-theme-dark');

    await h.page.reload();
    await h.page.getByRole('region', { name: 'Spaces' }).waitFor();
    expect(await themeAttribute()).toBe('dark');
    expect((await themeColours())['--bg']).toBe('#111113');
    await openSettings();
    expect(await theme().getByRole('radio', { name: /^Dark/ }).isChecked()).toBe(true);
  });

  it('keeps Light over a dark system, and System follows the system again', async () => {
    await h.page.emulateMedia({ colorScheme: 'dark' });
    await theme().getByRole('radio', { name: /^Light/ }).check();
    expect(await themeAttribute()).toBe('light');
    expect((await themeColours())['--bg']).toBe('#ffffff');
    await theme().getByRole('radio', { name: /^System/ }).check();
    expect(await themeAttribute()).toBeNull();
    expect((await themeColours())['--bg']).toBe('#111113');
    await h.page.emulateMedia({ colorScheme: 'light' });
    await h.page.reload();
    await h.page.getByRole('region', { name: 'Spaces' }).waitFor();
    expect(await themeAttribute()).toBeNull();
  });
});

describe('the profile', () => {
  const profile = () => dialog().getByRole('region', { name: 'Profile' });

  it('refuses a malformed email naming the field, then saves the name and email, as GET /v1/user then returns them', async () => {
    await openSettings();
    expect(await profile().getByLabel('Display name').inputValue()).toBe('Owner');
    await profile().getByLabel('Email').fill('not-an-email');
    await profile().getByRole('button', { name: 'Update profile' }).click();
    await profile().getByRole('alert').getByText('email: must be an email address').waitFor();
    expect(await profile().getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await profile().getByLabel('Display name').fill('Ada Lovelace');
    await profile().getByLabel('Email').fill('ada@example.com');
    await profile().getByRole('button', { name: 'Update profile' }).click();
    await dialog().getByRole('status').getByText('Profile saved.').waitFor();
    const me = await h.api<{ displayName: string; email: string }>('GET', '/v1/user');
    expect(me).toMatchObject({ displayName: 'Ada Lovelace', email: 'ada@example.com' });
    await h.screenshot('settings-profile');
    await h.page.keyboard.press('Escape');
    // The sidebar names the signed-in writer as saved.
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByText('Ada Lovelace').waitFor();
  });
});

describe('the connection indicator', () => {
  it('says the app is offline when the server stops answering, and online again when it is back', async () => {
    await indicator().getByText('Online').waitFor();
    await h.page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
    await openSettingsExpectingFailure();
    await indicator().getByText('your edits are kept and saved when the server is back').waitFor();
    await indicator().getByText('The Folio server does not answer.').waitFor();
    await h.screenshot('connection-offline');

    await h.page.unroute('**/trpc/**');
    // The first check comes two seconds after going offline.
    await indicator().getByText('Online').waitFor({ timeout: 8_000 });
    await dialog().getByRole('button', { name: 'Try again' }).click();
    await dialog().getByText('API address').waitFor();
    await h.page.keyboard.press('Escape');
  });

  it('says the device has no network when the browser goes offline', async () => {
    await h.browser.context.setOffline(true);
    await indicator().getByText('This device has no network.').waitFor();
    await h.browser.context.setOffline(false);
    await indicator().getByText('Online').waitFor({ timeout: 8_000 });
    expect(h.pageErrors.filter((e) => !/Failed to load resource|ERR_/.test(e))).toEqual([]);
  });
});

async function openSettingsExpectingFailure() {
  await settingsButton().click();
  await dialog().getByText('Could not load the settings').waitFor();
}
