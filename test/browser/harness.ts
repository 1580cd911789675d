import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { type FolioApp, openApp } from '../../src-main/app/app';
import type { AppConfig } from '../../src-main/app/context';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { RENDERER_DIR } from '../../src-main/http/static-files';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { type Browser, launchChromium } from './chromium';
import { resolveNoLinkTitleNames } from '../support/link-titles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOTS = join(ROOT, 'test-output/browser');

/** A real Folio host on a temporary data directory and Chromium signed in to it as the owner. */
export interface BrowserHarness {
  app: FolioApp;
  host: Host;
  browser: Browser;
  page: Page;
  /** The owner's organization. */
  orgId: string;
  ownerToken: string;
  /** Script errors and CSP violations seen by the page; a test ends by expecting none. */
  pageErrors: string[];
  /** Calls /v1 as the owner, the way a script or `curl` would. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Saves the page in the light and the dark theme under test-output/browser/. */
  screenshot(name: string): Promise<void>;
  /** Opens the app and signs in with the owner's token. */
  signIn(): Promise<void>;
  /**
   * Invites `email` to the owner's organization with `role`, gives them a token (as `folio token create`
   * does), accepts the invite as them, signs the owner out and signs them in.
   */
  signInAsMember(email: string, role: 'read' | 'comment' | 'edit' | 'create' | 'review'): Promise<void>;
  /** Opens a space from the organization's spaces list. */
  openSpace(title: string): Promise<void>;
  close(): Promise<void>;
}

/** Accepts, as the holder of `token`, their pending invite to the organization (GET /v1/user/invites, then join). */
export async function acceptInvite(url: string, token: string, organizationId: string): Promise<void> {
  const call = async (method: string, path: string) => {
    const response = await fetch(`${url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ items?: Array<{ id: string; organization: { id: string } }> }>;
  };
  const invite = (await call('GET', '/v1/user/invites')).items?.find((i) => i.organization.id === organizationId);
  if (!invite) throw new Error(`no pending invite to ${organizationId}`);
  await call('POST', `/v1/orgs/${organizationId}/invites/${invite.id}`);
}

export async function startBrowserHarness(name: string, config: Partial<AppConfig> = {}): Promise<BrowserHarness> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`${RENDERER_DIR}/index.html is missing: run \`npx electron-vite build\` first (\`npm test\` does).`);
  }
  const ownerToken = `folio_browser_${name.replace(/\W/g, '_')}_owner_token`;
  const dataDir = mkdtempSync(join(tmpdir(), `folio-browser-${name}-`));
  const app = openApp({ dataDir, config });
  resolveNoLinkTitleNames(app);
  bootstrapOwner(app.db, app.clock, { adminToken: ownerToken });
  const host = await startHost(app, { port: 0 });

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${host.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ownerToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 || response.status === 205 ? undefined : await response.json()) as T;
  };
  const orgId = (await api<{ items: Array<{ id: string }> }>('GET', '/v1/orgs')).items[0]!.id;

  const browser = await launchChromium();
  const page = await browser.context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // Every console error counts (index.html's meta policy no longer carries frame-ancestors, which Chromium reported).
    if (message.type() === 'error') pageErrors.push(message.text());
  });

  return {
    app,
    host,
    browser,
    page,
    orgId,
    ownerToken,
    pageErrors,
    api,
    async screenshot(shot) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${shot}.png`), fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(SCREENSHOTS, `${shot}-dark.png`), fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
    },
    async signIn() {
      await page.goto(host.url);
      await page.getByLabel('Paste an API token').fill(ownerToken);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('region', { name: 'Spaces' }).waitFor();
    },
    async signInAsMember(email, role) {
      await api('POST', `/v1/orgs/${orgId}/invites`, { emails: [{ email, role }] });
      const token = generateToken();
      const now = new Date().toISOString();
      insertToken(app.db, findOrCreateUser(app.db, email, now).id, token, now, 'test');
      await acceptInvite(host.url, token, orgId);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Paste an API token').fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('region', { name: 'Spaces' }).waitFor();
    },
    async openSpace(title) {
      await page
        .getByRole('region', { name: 'Spaces' })
        .getByRole('button', { name: new RegExp(`^${title}`) })
        .click();
      await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    },
    async close() {
      await browser.close();
      await host.close();
      app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
