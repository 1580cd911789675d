import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolioApp, openApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { type Browser, launchChromium } from './chromium';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-output/browser');
const OWNER_TOKEN = 'folio_browser_spaces_owner_token';

interface Item {
  id: string;
  title: string;
  parent?: string;
  deletedAt?: string;
}

let dataDir: string;
let app: FolioApp;
let host: Host;
let browser: Browser;
let page: Page;
let orgId: string;
const seeded: Record<string, Item> = {};
const pageErrors: string[] = [];

/** Calls /v1 as the owner, the way a script or `curl` would seed a server. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${host.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const listSpaces = async () => (await api<{ items: Item[] }>('GET', `/v1/orgs/${orgId}/spaces`)).items;

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    throw new Error('out/renderer/index.html is missing: run `npx electron-vite build` first (`npm test` does).');
  }
  dataDir = mkdtempSync(join(tmpdir(), 'folio-browser-spaces-'));
  app = openApp({ dataDir });
  bootstrapOwner(app.db, app.clock, { adminToken: OWNER_TOKEN });
  host = await startHost(app, { port: 0 });

  orgId = (await api<{ items: Array<{ id: string }> }>('GET', '/v1/orgs')).items[0]!.id;
  const collection = (title: string, parent?: string) => api<Item>('POST', `/v1/orgs/${orgId}/collections`, { title, parent });
  // No emoji on the seeded spaces: Debian's Chromium here has no emoji font, and would draw empty boxes
  // in the screenshots (the UI-created space below checks that an emoji is saved).
  const space = (title: string, extra: Record<string, string> = {}) => api<Item>('POST', `/v1/orgs/${orgId}/spaces`, { title, ...extra });

  seeded.guides = await collection('Guides');
  seeded.reference = await collection('Reference');
  seeded.advanced = await collection('Advanced', seeded.guides.id);
  seeded.start = await space('Getting started', { parent: seeded.guides.id });
  seeded.tutorials = await space('Tutorials', { parent: seeded.guides.id });
  seeded.deep = await space('Performance tuning', { parent: seeded.advanced.id });
  seeded.api = await space('API reference', { parent: seeded.reference.id, editMode: 'locked' });
  seeded.handbook = await space('Team handbook');
  seeded.changelog = await space('Changelog');
  // Positions, not creation order, decide the order: Tutorials now comes first in Guides.
  await api('POST', `/v1/spaces/${seeded.tutorials.id}/move`, { position: { before: { type: 'space', space: seeded.start.id } } });
  await api('POST', '/v1/orgs', { title: 'Globex' });

  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // Chromium notes that a <meta> CSP cannot carry frame-ancestors (the host's header does).
    if (message.type() === 'error' && !message.text().includes('frame-ancestors')) pageErrors.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const spacesIn = (name: string) => page.getByRole('list', { name, exact: true }).getByRole('listitem');
const titlesIn = async (name: string) =>
  (await spacesIn(name).locator('.space-entry__title').allTextContents()).map((text) => text.trim());
const spacesSection = () => page.getByRole('region', { name: 'Spaces' });
const openSpace = (title: string) => spacesSection().getByRole('button', { name: new RegExp(`^${title}`) }).click();

async function screenshot(name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the spaces of an organization in a browser', () => {
  it('shows collections (nested) and spaces grouped by collection, in position order', async () => {
    await page.goto(host.url);
    await page.getByLabel('Paste an API token').fill(OWNER_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    await spacesIn('Spaces in Guides').first().waitFor();

    expect(await titlesIn('Spaces in Guides')).toEqual(['Tutorials', 'Getting started']);
    expect(await titlesIn('Spaces in Advanced')).toEqual(['Performance tuning']);
    expect(await titlesIn('Spaces in Reference')).toEqual(['API reference']);
    expect(await titlesIn('Spaces not in a collection')).toEqual(['Team handbook', 'Changelog']);
    // Advanced is nested in Guides; the groups come in the collections' order.
    const guides = page.getByRole('group', { name: 'Guides' });
    expect(await guides.getByRole('group', { name: 'Advanced' }).count()).toBe(1);
    expect(await spacesSection().locator('.space-tree > .space-group > .space-group__header .space-group__title').allTextContents()).toEqual([
      'Guides',
      'Reference',
      'Not in a collection',
    ]);
    expect(await spacesIn('Spaces in Reference').first().textContent()).toContain('Locked');
    await expect.poll(() => page.getByText('6 spaces').first().isVisible()).toBe(true);
    await screenshot('spaces');
  });

  it('opens a space: settings in words, a locked space clearly read-only, and what the viewer may do', async () => {
    await openSpace('API reference');
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    const view = page.getByRole('article', { name: 'API reference' });
    expect(await view.getByRole('note').textContent()).toContain('This space is locked and read-only');
    const facts = await view.locator('.facts__item').allTextContents();
    expect(facts).toEqual(
      expect.arrayContaining(['Edit modeLocked · read-only', 'VisibilitySame as its collection', 'CollectionReference']),
    );
    const editRow = view.getByRole('listitem').filter({ hasText: 'Edit its content' });
    expect(await editRow.textContent()).toContain('No — the space is locked');
    expect(await view.getByRole('listitem').filter({ hasText: 'Read its content' }).textContent()).toContain('Yes');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    expect(await breadcrumb.allTextContents()).toEqual(['My Organization', 'Reference', 'API reference']);
    expect(await page.title()).toBe('API reference · My Organization · Folio');
    await screenshot('space-view');

    await page.getByRole('button', { name: 'All spaces' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    // Focus returns to the space that was open.
    // Focus moves on the next animation frame, after the heading shows: wait for it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`space-entry-${seeded.api!.id}`);
  });

  it('creates a space in a collection through the form, which /v1 then lists, and opens its first page ready to type', async () => {
    await spacesSection().getByRole('button', { name: 'New space', exact: true }).click();
    await page.getByLabel('Title').fill('Release notes');
    await page.getByLabel('Location').selectOption({ label: 'Guides' });
    await page.screenshot({ path: join(SCREENSHOTS, 'spaces-new-space.png') });
    await page.getByLabel('Emoji').fill('📝');
    await page.getByRole('button', { name: 'Create space' }).click();
    // A new space opens on its first page, its title selected to be typed over.
    const pageTitle = page.getByRole('main').getByRole('textbox', { name: 'Page title' });
    await expect.poll(() => pageTitle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await pageTitle.inputValue()).toBe('Untitled');

    const created = (await listSpaces()).find((space) => space.title === 'Release notes');
    expect(created).toMatchObject({ parent: seeded.guides!.id, emoji: '📝' });
    seeded.created = created!;
    // The space's overview, where it is renamed, is its address without a page.
    await page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${created!.id}`)}`);
    await page.getByRole('heading', { level: 1, name: 'Release notes' }).waitFor();
  });

  it('renames the space with the keyboard', async () => {
    await page.getByRole('button', { name: 'Rename' }).click();
    const field = page.getByLabel('Space title');
    await field.fill('Release history');
    await field.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Release history' }).waitFor();
    expect((await api<Item>('GET', `/v1/spaces/${seeded.created!.id}`)).title).toBe('Release history');
  });

  it('deletes the space, and brings it back in its place with Undo', async () => {
    await page.getByRole('button', { name: 'Delete space' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Organization' }).waitFor();
    await page.getByText('Deleted “Release history”').waitFor();
    expect(await titlesIn('Spaces in Guides')).toEqual(['Tutorials', 'Getting started']);
    expect((await api<Item>('GET', `/v1/spaces/${seeded.created!.id}`)).deletedAt).toEqual(expect.any(String));
    expect((await listSpaces()).map((s) => s.id)).not.toContain(seeded.created!.id);
    // Focus moved to Undo, so the keyboard can use it at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await screenshot('spaces-undo');

    await page.keyboard.press('Enter');
    await expect.poll(() => titlesIn('Spaces in Guides')).toEqual(['Tutorials', 'Getting started', 'Release history']);
    expect(await page.getByText('Deleted “Release history”').count()).toBe(0);
    expect((await api<Item>('GET', `/v1/spaces/${seeded.created!.id}`)).deletedAt).toBeUndefined();
    expect((await listSpaces()).map((s) => s.id)).toContain(seeded.created!.id);
  });

  it('creates a collection, which appears empty in the tree and as a location for new spaces', async () => {
    await spacesSection().getByRole('button', { name: 'New collection' }).click();
    await page.getByLabel('Title').fill('Internal');
    await page.getByRole('button', { name: 'Create collection' }).click();
    const group = page.getByRole('group', { name: 'Internal' });
    await group.waitFor();
    expect(await group.textContent()).toContain('No spaces in this collection yet.');
    const collections = (await api<{ items: Item[] }>('GET', `/v1/orgs/${orgId}/collections`)).items;
    expect(collections.map((c) => c.title)).toContain('Internal');

    await group.getByRole('button', { name: 'New space in Internal' }).click();
    expect(await page.getByLabel('Location').locator('option:checked').textContent()).toBe('Internal');
    await page.getByLabel('Title').press('Escape');
    expect(await page.getByLabel('Location').count()).toBe(0);
  });

  it('says there are no spaces yet in an organization without any', async () => {
    await page.getByRole('combobox', { name: 'Organization' }).selectOption({ label: 'Globex' });
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    await spacesSection().getByText('No spaces yet — create one').waitFor();
    await page.getByRole('combobox', { name: 'Organization' }).selectOption({ label: 'My Organization' });
    await spacesIn('Spaces in Guides').first().waitFor();
  });

  it('ran without script errors or CSP violations', () => {
    expect(pageErrors).toEqual([]);
  });
});
