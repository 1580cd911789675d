import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPages,
  checkChangeLogs,
  converged,
  type ReplicaSet,
  startReplicaSet,
  syncStatus,
  trpc,
  v1,
  waitFor,
  type Workstation,
} from '../support/sync-replicas';

/**
 * Issue 7: two workstations and a team server, all real `folio serve` processes. Both workstations go offline
 * (their proxies refuse connections), are edited through their own /v1 and tRPC as their writers, reconnect,
 * and all three replicas must show the same content through /v1, with every edit kept and none doubled.
 */

let set: ReplicaSet;
let alpha: Workstation;
let bravo: Workstation;

beforeAll(async () => {
  set = await startReplicaSet();
  const [aliceToken, bobToken] = [await set.addWriter('alice@team.example'), await set.addWriter('bob@team.example')];
  [alpha, bravo] = await Promise.all([set.addWorkstation('alpha', aliceToken), set.addWorkstation('bravo', bobToken)]);
}, 90_000);
afterAll(() => set?.close());

async function createSpace(on: { url: string; token: string }, title: string): Promise<string> {
  return (await v1(on.url, on.token, 'POST', `/v1/orgs/${set.server.orgId}/spaces`, { title })).id;
}
async function createPage(on: { url: string; token: string }, spaceId: string, title: string, markdown: string): Promise<string> {
  return (await trpc(on.url, on.token, 'content.createPage', { spaceId, title, markdown })).pageId;
}
const setMarkdown = (on: { url: string; token: string }, spaceId: string, pageId: string, markdown: string) =>
  trpc(on.url, on.token, 'content.setMarkdown', { spaceId, pageId, markdown });

async function goOffline(...workstations: Workstation[]) {
  for (const workstation of workstations) await workstation.proxy.down();
  for (const workstation of workstations) await waitFor(`${workstation.name} to be offline`, async () => (await syncStatus(workstation)).state === 'offline');
}
async function reconnect(...workstations: Workstation[]) {
  for (const workstation of workstations) await workstation.proxy.up();
}

describe('two workstations and a team server', () => {
  it('converge through /v1 after offline edits on both to the same page, different pages, renames and deletes', async () => {
    const handbook = await createSpace(set.server, 'Handbook');
    const install = await createPage(set.server, handbook, 'Install', 'Install the app.\n');
    const usage = await createPage(set.server, handbook, 'Usage', 'Run it.\n');
    const faq = await createPage(set.server, handbook, 'FAQ', 'Ask us.\n');
    const old = await createPage(set.server, handbook, 'Old notes', 'Outdated.\n');
    const scratch = await createSpace(set.server, 'Scratch');
    await converged(set);

    await goOffline(alpha, bravo);
    // Alpha, offline.
    await setMarkdown(alpha, handbook, install, 'Before you start: check the requirements.\nInstall the app.\n');
    await setMarkdown(alpha, handbook, usage, 'Run it.\nAlpha: then run it again.\n');
    await trpc(alpha.url, alpha.token, 'content.updatePage', { spaceId: handbook, pageId: usage, title: 'Using the app' });
    await createPage(alpha, handbook, 'Written by alpha offline', 'Alpha was here.\n');
    await trpc(alpha.url, alpha.token, 'content.deletePage', { spaceId: handbook, pageId: old });
    await v1(alpha.url, alpha.token, 'PATCH', `/v1/spaces/${handbook}`, { title: 'Handbook (alpha)' });
    await v1(alpha.url, alpha.token, 'PATCH', `/v1/spaces/${scratch}`, { title: 'Scratch renamed by alpha' });
    // Bravo, offline, a little later (its renames of the same fields carry later clocks).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setMarkdown(bravo, handbook, install, 'Install the app.\nThen open it from the menu.\n');
    await setMarkdown(bravo, handbook, faq, 'Ask us.\nBravo: or read the forum.\n');
    await trpc(bravo.url, bravo.token, 'content.updatePage', { spaceId: handbook, pageId: faq, title: 'Questions' });
    await createPage(bravo, handbook, 'Written by bravo offline', 'Bravo was here.\n');
    await v1(bravo.url, bravo.token, 'PATCH', `/v1/spaces/${handbook}`, { title: 'Handbook (bravo)' });
    await v1(bravo.url, bravo.token, 'DELETE', `/v1/spaces/${scratch}`);
    const bravoSpace = await createSpace(bravo, 'Made offline by bravo');
    await createPage(bravo, bravoSpace, 'First page', 'Hello from bravo.\n');

    // Nothing left either workstation while offline.
    expect((await syncStatus(alpha)).waiting).toBeGreaterThan(0);
    expect((await v1(set.server.url, set.server.token, 'GET', `/v1/spaces/${handbook}`)).title).toBe('Handbook');

    await reconnect(alpha, bravo);
    const snapshot = await converged(set);

    expect(snapshot[handbook]!.title).toBe('Handbook (bravo)');
    expect(snapshot[scratch]).toBeUndefined();
    expect(snapshot[bravoSpace]).toEqual({ title: 'Made offline by bravo', pages: [{ title: 'First page', markdown: 'Hello from bravo.\n', pages: [] }] });
    const pages = allPages({ [handbook]: snapshot[handbook]! });
    const byTitle = (title: string) => pages.filter((page) => page.title === title);
    expect(byTitle('Install').map((p) => p.markdown)).toEqual(['Before you start: check the requirements.\nInstall the app.\nThen open it from the menu.\n']);
    expect(byTitle('Using the app').map((p) => p.markdown)).toEqual(['Run it.\nAlpha: then run it again.\n']);
    expect(byTitle('Questions').map((p) => p.markdown)).toEqual(['Ask us.\nBravo: or read the forum.\n']);
    expect(byTitle('Written by alpha offline').map((p) => p.markdown)).toEqual(['Alpha was here.\n']);
    expect(byTitle('Written by bravo offline').map((p) => p.markdown)).toEqual(['Bravo was here.\n']);
    expect(byTitle('Old notes')).toEqual([]);
    expect(pages.map((p) => p.title).sort()).toEqual(['Install', 'Questions', 'Using the app', 'Written by alpha offline', 'Written by bravo offline']);

    expect(checkChangeLogs(set)).toEqual({ doubled: [], missing: [] });
  }, 120_000);

  // docs/sync.md says a page edited on one workstation and deleted on the other is kept with the edits; what
  // the code does is delete it everywhere while keeping the edit in its body, so a restore brings it back.
  it('agree on a page one workstation deleted while the other edited it, and a restore brings it back with the edit', async () => {
    const space = await createSpace(set.server, 'Edit vs delete');
    const page = await createPage(set.server, space, 'Contested', 'Original text.\n');
    await converged(set);

    await goOffline(alpha, bravo);
    await trpc(alpha.url, alpha.token, 'content.deletePage', { spaceId: space, pageId: page });
    await setMarkdown(bravo, space, page, 'Original text.\nBravo kept working on it.\n');
    await reconnect(alpha, bravo);

    const snapshot = await converged(set);
    expect(snapshot[space]!.pages).toEqual([]);

    // Restored on the server, whose revisions hold the page; a revision follows a synced edit once its tree has
    // been quiet for 2 s (content/live-revisions.ts), so the delete may not be restorable at once.
    await waitFor('the delete to be in a revision', () =>
      trpc(set.server.url, set.server.token, 'content.restorePage', { spaceId: space, pageId: page }).then(() => true),
    );
    const restored = await converged(set);
    expect(restored[space]!.pages).toEqual([{ title: 'Contested', markdown: 'Original text.\nBravo kept working on it.\n', pages: [] }]);
    expect(checkChangeLogs(set)).toEqual({ doubled: [], missing: [] });
  }, 90_000);

  it('restore a space deleted offline when the restore came later (delete vs. restore: the later clock wins)', async () => {
    const space = await createSpace(set.server, 'Deleted then restored');
    await converged(set);

    await goOffline(alpha, bravo);
    await v1(alpha.url, alpha.token, 'DELETE', `/v1/spaces/${space}`);
    // Bravo deletes and restores it later than alpha's delete.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await v1(bravo.url, bravo.token, 'DELETE', `/v1/spaces/${space}`);
    await v1(bravo.url, bravo.token, 'POST', `/v1/spaces/${space}/restore`);
    await reconnect(alpha, bravo);

    const snapshot = await converged(set);
    expect(snapshot[space]).toEqual({ title: 'Deleted then restored', pages: expect.any(Array) });
    expect(checkChangeLogs(set)).toEqual({ doubled: [], missing: [] });
  }, 90_000);
});
