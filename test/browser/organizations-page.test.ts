import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolioApp, openApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { revokeTokenByValue } from '../../src-main/store/tokens';
import { type Browser, launchChromium } from './chromium';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-output/browser');
const OWNER_TOKEN = 'folio_browser_test_owner_token';

let dataDir: string;
let app: FolioApp;
let host: Host;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** Calls /v1 as the owner, the way a script or `curl` would seed a server. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${host.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    throw new Error('out/renderer/index.html is missing: run `npx electron-vite build` first (`npm test` does).');
  }
  dataDir = mkdtempSync(join(tmpdir(), 'folio-browser-'));
  app = openApp({ dataDir });
  bootstrapOwner(app.db, app.clock, { adminToken: OWNER_TOKEN });
  host = await startHost(app, { port: 0 });

  const { items } = await api<{ items: Array<{ id: string }> }>('GET', '/v1/orgs');
  const orgId = items[0]!.id;
  await api('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Documentation' });
  await api('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Platform' });
  await api('POST', `/v1/orgs/${orgId}/invites`, { emails: ['ada@example.com', 'grace@example.com'], role: 'edit' });
  const globex = await api<{ id: string }>('POST', '/v1/orgs', { title: 'Globex' });
  await api('PUT', `/v1/orgs/${globex.id}/teams`, { title: 'Globex Design' });

  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    // Expected noise: the refused sign-in and the revoked token log their 401s, and Chromium notes that a
    // <meta> CSP cannot carry frame-ancestors (the host's header does).
    const expected = text.includes('status of 401') || text.includes('frame-ancestors');
    if (message.type() === 'error' && !expected) pageErrors.push(text);
  });
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const tokenField = () => page.getByLabel('Paste an API token');
const switcher = () => page.getByRole('combobox', { name: 'Organization' });
const signIn = async (token: string) => {
  await tokenField().fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

describe('the organizations page in a browser', () => {
  it("says why a wrong token is refused, in the server's words", async () => {
    await page.goto(host.url);
    await signIn('folio_not_a_real_token');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Missing or invalid API token');
  });

  it('signs in with a token and shows the organization, its members and teams', async () => {
    await signIn(` ${OWNER_TOKEN} `);
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    const members = page.getByRole('table', { name: 'Members of this organization' });
    await members.getByText('grace@example.com').waitFor();
    const rows = await members.getByRole('row').allTextContents();
    expect(rows.join('\n')).toContain('owner@folio.localhost');
    expect(rows.find((row) => row.includes('ada@example.com'))).toContain('Editor');
    expect(rows.find((row) => row.includes('owner@folio.localhost'))).toContain('Admin');
    const teams = page.getByRole('region', { name: 'Teams' });
    // Teams load apart from members: wait for them rather than read the list at once.
    await expect.poll(() => teams.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Documentation'),
      expect.stringContaining('Platform'),
    ]);
    await expect.poll(() => page.getByText('3 members · 2 teams').isVisible()).toBe(true);
    expect(await switcher().inputValue()).not.toBe('');

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'organizations.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOTS, 'organizations-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('switches organization with the keyboard-operable switcher, and remembers it across a reload', async () => {
    await switcher().selectOption({ label: 'Globex' });
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    await page.getByText('Globex Design').waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    expect(await tokenField().count()).toBe(0);
  });

  it('returns to the sign-in form with the reason once the token is revoked', async () => {
    revokeTokenByValue(app.db, OWNER_TOKEN, new Date().toISOString());
    await page.reload();
    await tokenField().waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('rejected your token');
    await page.screenshot({ path: join(SCREENSHOTS, 'sign-in.png') });
  });

  it('ran without script errors or CSP violations', () => {
    expect(pageErrors).toEqual([]);
  });
});
