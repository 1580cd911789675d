import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolioApp, openApp, serviceContext } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { changeMemberRole } from '../../src-main/members/service';
import { insertMember } from '../../src-main/store/members';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, type UserRow } from '../../src-main/store/users';
import { trpcClient } from '../trpc/client';
import { type BrowserHarness, startBrowserHarness } from './harness';

/** The team server: the same code, headless, on its own data directory (as in test/sync/attachment.test.ts). */
interface TeamServer {
  app: FolioApp;
  host: Host;
  dir: string;
  orgId: string;
  owner: UserRow;
  /** The team's owner seeds the server through /v1. */
  ownerToken: string;
  /** The writer attaches the workstation: an admin of the team's organization, not its owner. */
  writer: UserRow;
  writerToken: string;
}

let h: BrowserHarness;
let team: TeamServer;
let spaceId: string;

async function teamApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${team.host.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${team.ownerToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The workstation's /v1, as the writer. */
async function workstationApi<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${h.host.url}${path}`, { headers: { Authorization: `Bearer ${team.writerToken}` } });
  return { status: response.status, body: (await response.json()) as T };
}

const sidebar = () => h.page.getByRole('complementary', { name: 'Sidebar' });
const teamStatus = () => sidebar().getByRole('region', { name: 'Team server' });
const badge = () => h.page.getByRole('note', { name: /^Sync: / });
const settings = () => h.page.getByRole('dialog', { name: 'Settings' });

async function signInWith(token: string) {
  await h.page.getByLabel('Paste an API token').fill(token);
  await h.page.getByRole('button', { name: 'Sign in' }).click();
  await h.page.getByRole('region', { name: 'Spaces' }).waitFor();
}

async function renameOpenSpace(title: string) {
  await h.page.getByRole('button', { name: 'Rename' }).click();
  await h.page.getByLabel('Space title').fill(title);
  await h.page.getByLabel('Space title').press('Enter');
  await h.page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/**
 * Stops the team server's HTTP host (its data stays), runs `whileAway`, and starts it again on the same
 * address, as a restarted server would be: the workstation's backoff finds it again by itself.
 */
async function teamServerAway(whileAway: () => Promise<void>) {
  const port = team.host.port;
  await team.host.close();
  await whileAway();
  team.host = await startHost(team.app, { port });
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-browser-sync-team-'));
  const app = openApp({ dataDir: dir });
  const ownerToken = generateToken();
  // Other emails than the workstation's own owner: different people, as in a real team.
  const { owner } = bootstrapOwner(app.db, app.clock, { adminToken: ownerToken, ownerEmail: 'owner@team.example', organizationTitle: 'Team docs' });
  const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
  const now = new Date().toISOString();
  const writer = findOrCreateUser(app.db, 'writer@team.example', now, 'Writer');
  insertMember(app.db, orgId, writer.id, 'admin', now);
  const writerToken = generateToken();
  insertToken(app.db, writer.id, writerToken, now);
  team = { app, host: await startHost(app, { port: 0 }), dir, orgId, owner, ownerToken, writer, writerToken };

  h = await startBrowserHarness('sync');
  h.page.setDefaultTimeout(10_000);
  await h.signIn();
});

afterAll(async () => {
  // Stop syncing before either store closes, so no exchange runs against a closed database.
  await h?.app.sync.detach();
  await h?.close();
  await team?.host.close();
  await team?.app.sync.detach();
  team?.app.close();
  if (team) rmSync(team.dir, { recursive: true, force: true });
});

describe('the sync state in the window', () => {
  it('shows nothing about a team server until one is saved', async () => {
    await sidebar().getByText('Online').waitFor();
    expect(await teamStatus().count()).toBe(0);
    expect(await badge().count()).toBe(0);
  });

  it('attaches from the settings and says the app is synced', async () => {
    await sidebar().getByRole('button', { name: 'Settings' }).click();
    await settings().getByLabel('Team server address').fill(team.host.url);
    await settings().getByLabel('API token on the team server').fill(team.writerToken);
    await settings().getByRole('button', { name: 'Save' }).click();
    await settings().getByText(`Team server saved: ${team.host.url}.`).waitFor();
    // The section follows the sync live, as the sidebar does.
    await settings().getByText(/^Sync: Synced just now\./).waitFor();
    await h.page.keyboard.press('Escape');
    await teamStatus().getByText('Synced just now').waitFor();
  });

  it('shows a space created on the team server after it synced, marked synced', async () => {
    spaceId = (await teamApi<{ id: string }>('POST', `/v1/orgs/${team.orgId}/spaces`, { title: 'Team handbook' })).id;
    // The workstation's own owner is not a member of the team's organization: the writer is. After attaching,
    // the writer's team token opens this workstation's /v1 and tRPC as the writer (docs/sync.md, "Identity"),
    // so the browser signs in with it; what it edits here is then the writer's, which is what the team server
    // checks when the workstation pushes it with that token.
    await expect.poll(async () => (await workstationApi(`/v1/spaces/${spaceId}`)).status, { timeout: 10_000 }).toBe(200);
    await sidebar().getByRole('button', { name: 'Sign out' }).click();
    await signInWith(team.writerToken);
    await h.page.getByRole('region', { name: 'Spaces' }).getByRole('button', { name: /^Team handbook/ }).waitFor();
    await teamStatus().getByText(/^Synced /).waitFor();

    await h.openSpace('Team handbook');
    await badge().getByText('Synced').waitFor();
    expect(await badge().getAttribute('aria-label')).toMatch(/^Sync: synced with the team server\. Last synced /);
    expect(await badge().getAttribute('title')).toMatch(/^Last synced /);
    await h.screenshot('sync-synced');
  });

  it('says the changes waiting while the team server is away, and is synced again when it is back', async () => {
    await teamServerAway(async () => {
      await teamStatus().getByText(/^Offline — /).waitFor();
      await renameOpenSpace('Team handbook (offline)');

      await teamStatus().getByText(/^Offline — \d+ changes? waiting; (they go|it goes) out when the server is back$/).waitFor();
      await teamStatus().getByText(/Cannot reach/).waitFor();
      await badge().getByText(/^Offline · \d+ waiting$/).waitFor();
      expect(await badge().getAttribute('aria-label')).toMatch(/^Sync: offline, \d+ changes? of this space waiting/);
      // The live region said it once, in words.
      expect(await teamStatus().getByRole('status').textContent()).toMatch(/^Team server: Offline — /);
      const status = await trpcClient(h.host.url, team.writerToken).sync.status.query();
      expect(status).toMatchObject({ attached: true, state: 'offline', organizations: [team.orgId], waitingBySpace: { [spaceId]: expect.any(Number) } });
      await h.screenshot('sync-offline');
    });

    await teamStatus().getByText(/^Synced /).waitFor({ timeout: 45_000 });
    await badge().getByText('Synced').waitFor();
    expect(await teamStatus().getByRole('status').textContent()).toMatch(/^Team server: Synced /);
    expect((await teamApi<{ title: string }>('GET', `/v1/spaces/${spaceId}`)).title).toBe('Team handbook (offline)');
  }, 90_000);

  it('lists what the team server refused, with its reason, and the workstation returns to the server’s title', async () => {
    await teamServerAway(async () => {
      await teamStatus().getByText(/^Offline — /).waitFor();
      // Meanwhile on the team server, the owner makes the writer an editor: no longer allowed to rename spaces.
      changeMemberRole(serviceContext(team.app, team.owner), team.orgId, team.writer.id, { role: 'edit' });
      // The workstation does not know yet, so it lets the writer rename; the server will decide.
      await renameOpenSpace('Renamed by an editor');
    });

    const toggle = teamStatus().getByRole('button', { name: /^The server refused \d+ changes?$/ });
    await toggle.waitFor({ timeout: 45_000 });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await h.page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await teamStatus().getByRole('listitem').filter({ hasText: /^The server refused: space title — .*admin/ }).waitFor();
    await teamStatus().getByText(/^Synced /).waitFor();

    expect((await teamApi<{ title: string }>('GET', `/v1/spaces/${spaceId}`)).title).toBe('Team handbook (offline)');
    expect((await workstationApi<{ title: string }>(`/v1/spaces/${spaceId}`)).body.title).toBe('Team handbook (offline)');
    // The open space's view does not follow changes a sync brings in (yet): opened again, it shows the
    // server's title and the writer's new role, and the refusal stays listed.
    await h.page.reload();
    await h.page.getByRole('heading', { level: 1, name: 'Team handbook (offline)' }).waitFor();
    expect(await h.page.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    await teamStatus().getByRole('button', { name: /^The server refused \d+ changes?$/ }).click();
    await teamStatus().getByRole('listitem').filter({ hasText: /^The server refused: space title — / }).waitFor();
    await h.screenshot('sync-refused');
    // The browser only ever talks to its own workstation: the team server being away is no error of the page's.
    expect(h.pageErrors).toEqual([]);
  }, 90_000);
});
