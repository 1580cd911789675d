import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolioApp, openApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { RENDERER_DIR } from '../../src-main/http/static-files';
import { generateToken, insertToken, revokeTokenByValue } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { type Browser, launchChromium } from './chromium';
import { acceptInvite } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-output/browser');
const OWNER_TOKEN = 'folio_browser_test_owner_token';

let dataDir: string;
let app: FolioApp;
let host: Host;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let orgId: string;
let globexId: string;

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

/** A token for `email`, as `folio token create` gives one (the user exists once invited). */
function tokenFor(email: string): string {
  const token = generateToken();
  const now = new Date().toISOString();
  insertToken(app.db, findOrCreateUser(app.db, email, now).id, token, now, 'test');
  return token;
}

beforeAll(async () => {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`${RENDERER_DIR}/index.html is missing: run \`npx electron-vite build\` first (\`npm test\` does).`);
  }
  dataDir = mkdtempSync(join(tmpdir(), 'folio-browser-'));
  app = openApp({ dataDir });
  bootstrapOwner(app.db, app.clock, { adminToken: OWNER_TOKEN });
  host = await startHost(app, { port: 0 });

  const { items } = await api<{ items: Array<{ id: string }> }>('GET', '/v1/orgs');
  orgId = items[0]!.id;
  await api('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Documentation' });
  await api('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Platform' });
  await api('POST', `/v1/orgs/${orgId}/invites`, { emails: ['ada@example.com', 'grace@example.com'], role: 'edit' });
  for (const email of ['ada@example.com', 'grace@example.com']) await acceptInvite(host.url, tokenFor(email), orgId);
  const globex = await api<{ id: string }>('POST', '/v1/orgs', { title: 'Globex' });
  globexId = globex.id;
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

  it('signs in with a token and shows the organization; its members and teams are in its settings', async () => {
    await signIn(` ${OWNER_TOKEN} `);
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    // The organization opens on writing (its spaces); members and teams are one button away.
    await page.getByRole('region', { name: 'Spaces' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Organization settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organization settings' }).waitFor();
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

  it('invites people as pending, lists the pending invitations and revokes one', async () => {
    const section = page.getByRole('region', { name: 'Members' });
    await section.getByRole('button', { name: 'Invite people' }).click();
    await section.getByLabel('Email addresses').fill('hopper@example.com');
    await section.getByLabel('Role').selectOption({ label: 'Reviewer' });
    await section.getByRole('button', { name: 'Send invitations' }).click();
    await expect
      .poll(() => section.getByRole('status').filter({ hasText: 'Invited' }).textContent())
      .toBe('Invited hopper@example.com. The invitation is pending: they join once they accept it.');
    const pending = section.getByRole('list', { name: 'Pending invitations' });
    await expect.poll(() => pending.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('hopper@example.com')]);
    expect(await pending.textContent()).toContain('Invited as Reviewer');
    // Invited is not joined: the members table does not list them.
    expect(await section.getByRole('table', { name: 'Members of this organization' }).textContent()).not.toContain('hopper@example.com');

    await section.getByRole('button', { name: 'Invite people' }).click();
    await section.getByLabel('Email addresses').fill('mistake@example.com');
    await section.getByRole('button', { name: 'Send invitations' }).click();
    await expect.poll(() => pending.getByRole('listitem').count()).toBe(2);
    await pending.getByRole('button', { name: 'Revoke the invitation of mistake@example.com' }).click();
    await pending.getByRole('button', { name: 'Revoke “mistake@example.com”' }).click();
    await expect.poll(() => pending.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('hopper@example.com')]);
    await page.screenshot({ path: join(SCREENSHOTS, 'organizations-invites.png'), fullPage: true });
  });

  it('shows an invitee their invitations, to accept or decline, and opens the organization joined', async () => {
    await api('POST', `/v1/orgs/${globexId}/invites`, { emails: ['hopper@example.com'], role: 'read' });
    const hopper = tokenFor('hopper@example.com');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(hopper);
    await page.getByText('No organizations yet').waitFor();
    const invitations = page.getByRole('list', { name: 'Your invitations' });
    await expect.poll(() => invitations.getByRole('listitem').count()).toBe(2);
    expect(await invitations.textContent()).toContain('Owner invited you as Reviewer');
    await page.screenshot({ path: join(SCREENSHOTS, 'invitations.png'), fullPage: true });

    await invitations.getByRole('button', { name: 'Decline the invitation to Globex' }).click();
    await expect.poll(() => invitations.getByRole('listitem').count()).toBe(1);
    await invitations.getByRole('button', { name: 'Accept the invitation to My Organization' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    expect(await page.getByRole('list', { name: 'Your invitations' }).count()).toBe(0);
    const members = (await api<{ items: Array<{ user: { email: string }; role: string }> }>('GET', `/v1/orgs/${orgId}/members`)).items;
    expect(members.find((m) => m.user.email === 'hopper@example.com')?.role).toBe('review');
    expect((await api<{ count: number }>('GET', `/v1/orgs/${globexId}/members`)).count).toBe(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(OWNER_TOKEN);
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Organization settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organization settings' }).waitFor();
  });

  it('switches organization with the keyboard-operable switcher, and remembers it across a reload', async () => {
    await switcher().selectOption({ label: 'Globex' });
    // Another organization opens on its home.
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Organization settings' }).click();
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
