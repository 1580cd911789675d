import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '../support/fault-proxy';
import {
  allPages,
  checkChangeLogs,
  converged,
  type ReplicaSet,
  type Snapshot,
  startReplicaSet,
  syncStatus,
  trpc,
  v1,
  waitFor,
  type Workstation,
} from '../support/sync-replicas';

/**
 * Issue 7: sync through faults. A team server and two workstations run as `folio serve` processes; each
 * workstation reaches the server through a proxy the test controls (test/support/fault-proxy.ts), which cuts
 * connections mid-request and mid-answer, delays, duplicates, holds and reorders requests, and refuses
 * connections while the server restarts; workstations are killed (SIGKILL) mid-sync and started again on
 * their data directory. After each fault all three replicas show the same content through /v1, every edit
 * is there once, and the change logs hold each change once.
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

// A test that failed half-way must not leave the next one a fault, a closed port or a dead process.
afterEach(async () => {
  for (const workstation of [alpha, bravo]) {
    workstation?.proxy.clearFaults();
    await workstation?.proxy.up();
  }
  const dead = (replica: { process: { child: { exitCode: number | null; signalCode: string | null } } }) =>
    replica.process.child.exitCode !== null || replica.process.child.signalCode !== null;
  if (set && dead(set.server)) await set.server.start();
  for (const workstation of [alpha, bravo]) if (workstation && dead(workstation)) await workstation.start();
});

const PUSH = { path: '/sync/v1/push' };
const PULL = { path: '/sync/v1/pull' };
const DOCS = { path: '/sync/v1/docs' };
/** A content exchange that carries the workstation's own edits (its second call of an exchange). */
const DOCS_WITH_UPDATE: Match = (request) => request.path === '/sync/v1/docs' && request.body.includes('"update"');

type On = { url: string; token: string };
const createSpace = async (on: On, title: string): Promise<string> => (await v1(on.url, on.token, 'POST', `/v1/orgs/${set.server.orgId}/spaces`, { title })).id;
const renameSpace = (on: On, spaceId: string, title: string) => v1(on.url, on.token, 'PATCH', `/v1/spaces/${spaceId}`, { title });
const createPage = async (on: On, spaceId: string, title: string, markdown: string): Promise<string> =>
  (await trpc(on.url, on.token, 'content.createPage', { spaceId, title, markdown })).pageId;
const setMarkdown = (on: On, spaceId: string, pageId: string, markdown: string) => trpc(on.url, on.token, 'content.setMarkdown', { spaceId, pageId, markdown });

const spaceTitles = (snapshot: Snapshot, prefix: string) =>
  Object.values(snapshot)
    .map((space) => space.title)
    .filter((title) => title.startsWith(prefix))
    .sort();
/** How often a text appears in all page bodies and titles of a snapshot. */
const occurrences = (snapshot: Snapshot, text: string) =>
  allPages(snapshot).reduce((sum, page) => sum + page.markdown.split(text).length - 1 + page.title.split(text).length - 1, 0);
const marker = (label: string) => `${label} ${randomUUID()}`;

async function offline(workstation: Workstation) {
  await workstation.proxy.down();
  await waitFor(`${workstation.name} to be offline`, async () => (await syncStatus(workstation)).state === 'offline');
}

/**
 * All three agree, no change log holds a change twice or lacks one a workstation sent, and the server refused
 * nothing (both writers are admins: a refusal here would be a fault mistaken for a lack of rights).
 */
async function convergedCleanly(): Promise<Snapshot> {
  const snapshot = await converged(set);
  expect(checkChangeLogs(set)).toEqual({ doubled: [], missing: [] });
  for (const workstation of [alpha, bravo]) expect((await syncStatus(workstation)).refused).toEqual([]);
  return snapshot;
}

describe('sync through a connection cut mid-transfer', { timeout: 60_000 }, () => {
  it.each([
    ['in its head', 20],
    ['in its body', (request: { raw: Buffer }) => Math.floor(request.raw.length * 0.75)],
  ])('sends a push cut %s again whole and applies it once', async (_where, bytes) => {
    const fault = alpha.proxy.cutRequest(PUSH, bytes);
    const space = await createSpace(alpha, 'Cut while pushing');
    await renameSpace(alpha, space, 'Cut while pushing, then renamed');
    const cut = await fault.done;

    const snapshot = await convergedCleanly();
    expect(snapshot[space]!.title).toBe('Cut while pushing, then renamed');
    expect(alpha.proxy.requests.some((request) => request.path === PUSH.path && request.id > cut.id && request.status === 200)).toBe(true);
  });

  it.each([
    ['in its head', 20],
    ['in its body', 300],
  ])('sends a push again whose answer was cut %s after the server committed it, and records it once', async (_where, bytes) => {
    const fault = alpha.proxy.cutResponse(PUSH, bytes);
    const space = await createSpace(alpha, 'Answer lost');
    const cut = await fault.done;
    expect(cut.answeredBytes).toBe(bytes);
    // The server commits before it answers: the change is there though the workstation never heard so.
    expect(cut.status).toBe(200);
    expect((await v1(set.server.url, set.server.token, 'GET', `/v1/spaces/${space}`)).title).toBe('Answer lost');

    const snapshot = await convergedCleanly();
    expect(snapshot[space]!.title).toBe('Answer lost');
    const resent = alpha.proxy.requests.filter((request) => request.path === PUSH.path && request.id > cut.id && request.body.includes(space));
    expect(resent.length).toBeGreaterThan(0);
  });

  it('pushes offline work larger than one push in batches without refusals, and resumes a pull cut mid-answer from its durable cursor', async () => {
    await offline(alpha);
    // 100 new spaces of 12 fields: more than two pushes' worth (500 changes, so a boundary falls inside a new
    // space's fields) and more than one pull answer's (1,000): the first answer lands, the second is cut.
    const prefix = `Pulled ${randomUUID().slice(0, 8)}`;
    await offline(bravo);
    for (let i = 0; i < 100; i += 1) await createSpace(bravo, `${prefix} ${String(i).padStart(3, '0')}`);
    await bravo.proxy.up();
    await waitFor('bravo to push', async () => (await syncStatus(bravo)).waiting === 0, 45_000);
    expect((await syncStatus(bravo)).refused).toEqual([]);
    expect(bravo.proxy.requests.filter((request) => request.path === PUSH.path && request.body.includes(prefix)).length).toBeGreaterThanOrEqual(2);

    let pulls = 0;
    const fault = alpha.proxy.cutResponse((request) => request.path === PULL.path && ++pulls === 2, 2_000);
    const from = alpha.proxy.requests.length;
    await alpha.proxy.up();
    const cut = await fault.done;

    const snapshot = await convergedCleanly();
    expect(spaceTitles(snapshot, prefix)).toEqual(Array.from({ length: 100 }, (_, i) => `${prefix} ${String(i).padStart(3, '0')}`));
    // The first answer moved the cursor (kept); the cut one was asked for again from that same cursor.
    const pulled = alpha.proxy.requests.slice(from).filter((request) => request.path === PULL.path);
    expect(cut.answeredBytes).toBe(2_000);
    const [first, second, retried] = pulled.map((request) => request.body.toString());
    expect(second).toBe(cut.body.toString());
    expect(first).not.toBe(second);
    expect(retried).toBe(second);
  }, 90_000);

  it('delivers page text once when a content upload is cut mid-request and a content answer mid-answer', async () => {
    const space = await createSpace(set.server, 'Cut content');
    const page = await createPage(set.server, space, 'Long page', 'Start.\n');
    await convergedCleanly();
    const bodyDoc = `body:${space}:${page}`;
    const lines = (text: string) => Array.from({ length: 200 }, (_, i) => `${i === 100 ? text : 'filler line'} ${i}`).join('\n');

    // Alpha's text: its upload is cut half-way.
    const fromAlpha = marker('alpha typed this once');
    const cutUpload = alpha.proxy.cutRequest((request) => DOCS_WITH_UPDATE(request) && request.body.includes(bodyDoc), (request) => Math.floor(request.raw.length / 2));
    await setMarkdown(alpha, space, page, `${lines(fromAlpha)}\nStart.\n`);
    await cutUpload.done;
    await convergedCleanly();

    // Bravo's text: the answer bringing it to alpha is cut half-way.
    const fromBravo = marker('bravo typed this once');
    const cutAnswer = alpha.proxy.cutResponse((request) => request.path === DOCS.path && request.body.includes(bodyDoc), 2_000);
    await setMarkdown(bravo, space, page, `${lines(fromAlpha)}\nStart.\n${lines(fromBravo)}\n`);
    expect((await cutAnswer.done).answeredBytes).toBe(2_000);

    const snapshot = await convergedCleanly();
    expect(occurrences(snapshot, fromAlpha)).toBe(1);
    expect(occurrences(snapshot, fromBravo)).toBe(1);
    expect(snapshot[space]!.pages).toEqual([{ title: 'Long page', markdown: `${lines(fromAlpha)}\nStart.\n${lines(fromBravo)}\n`, pages: [] }]);
  });

  it('reconnects its events stream when it is cut, and catches up', async () => {
    const space = await createSpace(set.server, 'Stream cut');
    await convergedCleanly();
    expect(alpha.proxy.cutConnections({ path: /^\/sync\/v1\/events/ })).toBe(1);
    await renameSpace(bravo, space, 'Stream cut, renamed');
    const snapshot = await convergedCleanly();
    expect(snapshot[space]!.title).toBe('Stream cut, renamed');
  });
});

describe('sync through delays, duplicates and reordering', { timeout: 60_000 }, () => {
  it('lets the later rename win though it reached the server first (the clock decides, not the arrival)', async () => {
    const space = await createSpace(set.server, 'Delayed');
    await convergedCleanly();
    alpha.proxy.delay(PUSH, 1_500, { times: 1 });
    await renameSpace(alpha, space, 'Delayed: alpha renamed it first');
    // Alpha's push is at the proxy, waiting: bravo renames later, and its push overtakes alpha's.
    await waitFor("alpha's push to reach the proxy", () => alpha.proxy.requests.some((request) => request.path === PUSH.path && request.body.includes('alpha renamed it first')));
    await renameSpace(bravo, space, 'Delayed: bravo renamed it later');

    const snapshot = await convergedCleanly();
    expect(snapshot[space]!.title).toBe('Delayed: bravo renamed it later');
    const sent = (workstation: Workstation, title: string) =>
      workstation.proxy.requests.find((request) => request.path === PUSH.path && request.body.includes(title))!.forwardedAt!;
    expect(sent(alpha, 'Delayed: alpha renamed it first')).toBeGreaterThan(sent(bravo, 'Delayed: bravo renamed it later'));
  });

  it('converges over a slow link, every request and answer delayed', async () => {
    const space = await createSpace(set.server, 'Slow link');
    const page = await createPage(set.server, space, 'Page', 'Middle.\n');
    await convergedCleanly();
    for (const workstation of [alpha, bravo]) {
      workstation.proxy.delay({}, 150);
      workstation.proxy.delay({}, 150, { direction: 'response' });
    }
    await setMarkdown(alpha, space, page, 'Alpha above.\nMiddle.\n');
    await setMarkdown(bravo, space, page, 'Middle.\nBravo below.\n');
    await renameSpace(bravo, space, 'Slow link, renamed');

    const snapshot = await convergedCleanly();
    expect(snapshot[space]).toEqual({ title: 'Slow link, renamed', pages: [{ title: 'Page', markdown: 'Alpha above.\nMiddle.\nBravo below.\n', pages: [] }] });
  });

  it.each(['first', 'second'] as const)('applies a push and a content update the server received twice once (the client got the %s answer)', async (answer) => {
    const pushedTwice = alpha.proxy.duplicate(PUSH, { answer });
    const docsTwice = alpha.proxy.duplicate(DOCS_WITH_UPDATE, { answer });
    const typed = marker('typed once');
    const space = await createSpace(alpha, `Sent twice (${answer})`);
    await createPage(alpha, space, 'Page sent twice', `${typed}\n`);
    await Promise.all([pushedTwice.done, docsTwice.done]);

    const snapshot = await convergedCleanly();
    expect(spaceTitles(snapshot, `Sent twice (${answer})`)).toEqual([`Sent twice (${answer})`]);
    expect(snapshot[space]!.pages).toEqual([{ title: 'Page sent twice', markdown: `${typed}\n`, pages: [] }]);
    expect(occurrences(snapshot, typed)).toBe(1);
  });

  it('keeps the later-stamped rename and both texts when the server receives the two workstations’ requests in reverse order', async () => {
    const space = await createSpace(set.server, 'Reordered');
    const page = await createPage(set.server, space, 'Page', 'Middle.\n');
    await convergedCleanly();

    const pushes = { alpha: alpha.proxy.hold(PUSH), bravo: bravo.proxy.hold(PUSH) };
    const docs = { alpha: alpha.proxy.hold(DOCS_WITH_UPDATE), bravo: bravo.proxy.hold(DOCS_WITH_UPDATE) };
    await renameSpace(alpha, space, 'Reordered: alpha first');
    await setMarkdown(alpha, space, page, 'Alpha above.\nMiddle.\n');
    await pushes.alpha.waitFor(1);
    await renameSpace(bravo, space, 'Reordered: bravo later');
    await setMarkdown(bravo, space, page, 'Middle.\nBravo below.\n');
    await pushes.bravo.waitFor(1);

    // Bravo's go first, then alpha's older ones.
    await pushes.bravo.release();
    await docs.bravo.waitFor(1);
    await docs.bravo.release();
    await pushes.alpha.release();
    await docs.alpha.waitFor(1);
    await docs.alpha.release();

    const snapshot = await convergedCleanly();
    expect(snapshot[space]).toEqual({ title: 'Reordered: bravo later', pages: [{ title: 'Page', markdown: 'Alpha above.\nMiddle.\nBravo below.\n', pages: [] }] });
  });

  it('ignores a stale copy of an old push that arrives after newer ones', async () => {
    const space = await createSpace(alpha, 'Stale: first title');
    await convergedCleanly();
    await renameSpace(alpha, space, 'Stale: second title');
    await convergedCleanly();

    const old = alpha.proxy.requests.find((request) => request.path === PUSH.path && request.body.includes('Stale: first title'))!;
    const again = await alpha.proxy.replay(old);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.toString()).results.every((result: { status: string }) => result.status === 'accepted')).toBe(true);

    const snapshot = await convergedCleanly();
    expect(snapshot[space]!.title).toBe('Stale: second title');
  });
});

describe('sync through restarts and crashes', { timeout: 90_000 }, () => {
  it('resumes after the server crashes mid-sync and restarts on another port behind the same proxies', async () => {
    const space = await createSpace(set.server, 'Server restart');
    const page = await createPage(set.server, space, 'Page', 'Middle.\n');
    await convergedCleanly();

    const held = alpha.proxy.hold(PUSH);
    await renameSpace(alpha, space, 'Server restart: renamed by alpha');
    await setMarkdown(alpha, space, page, 'Alpha above.\nMiddle.\n');
    await held.waitFor(1);
    await set.server.stop('SIGKILL');
    // Alpha's push now meets a dead server; bravo's events stream is gone with it.
    await held.release();
    await setMarkdown(bravo, space, page, 'Middle.\nBravo below, written while the server was down.\n');
    await createPage(bravo, space, 'Made while the server was down', 'Once.\n');
    await set.server.start();

    const snapshot = await convergedCleanly();
    expect(snapshot[space]!.title).toBe('Server restart: renamed by alpha');
    expect(allPages({ [space]: snapshot[space]! }).map((p) => [p.title, p.markdown])).toEqual([
      ['Page', 'Alpha above.\nMiddle.\nBravo below, written while the server was down.\n'],
      ['Made while the server was down', 'Once.\n'],
    ]);
  }, 60_000);

  it('resumes without duplicates after a workstation is killed while its push is in flight (committed, never acknowledged)', async () => {
    const held = alpha.proxy.hold(PUSH);
    const space = await createSpace(alpha, 'Killed while pushing');
    await renameSpace(alpha, space, 'Killed while pushing, renamed');
    await held.waitFor(1);
    await alpha.stop('SIGKILL');
    // The push reaches the server after its sender died: committed, and nobody hears the answer.
    await held.release();
    expect((await v1(set.server.url, set.server.token, 'GET', `/v1/spaces/${space}`)).title).toMatch(/^Killed while pushing/);

    const restartedAt = alpha.proxy.requests.length;
    await alpha.start();
    const snapshot = await convergedCleanly();
    expect(spaceTitles(snapshot, 'Killed while pushing')).toEqual(['Killed while pushing, renamed']);
    // It never heard that the server had its push: it sent those changes again, and they were taken as known.
    const resent = alpha.proxy.requests.slice(restartedAt).filter((request) => request.path === PUSH.path && request.body.includes(space));
    expect(resent.map((request) => request.status)).toContain(200);
  }, 60_000);

  it('resumes without gaps or duplicates after a workstation is killed mid-pull and mid-content-exchange', async () => {
    const space = await createSpace(set.server, 'Killed while pulling');
    const page = await createPage(set.server, space, 'Page', 'Middle.\n');
    await convergedCleanly();

    await offline(alpha);
    const prefix = `Killed while pulling ${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 5; i += 1) await createSpace(bravo, `${prefix} ${i}`);
    const fromBravo = marker('bravo wrote this once');
    const fromAlpha = marker('alpha wrote this once');
    await setMarkdown(bravo, space, page, `Middle.\n${fromBravo}\n`);
    await waitFor('bravo to send everything', async () => (await syncStatus(bravo)).waiting === 0 && (await syncStatus(bravo)).state === 'idle');
    await setMarkdown(alpha, space, page, `${fromAlpha}\nMiddle.\n`);

    // 1. Killed while its pull is in flight: the answer is lost.
    const pull = alpha.proxy.hold(PULL);
    await alpha.proxy.up();
    await pull.waitFor(1);
    await alpha.stop('SIGKILL');
    await pull.release();

    // 2. Started again, killed while its own text is on its way to the server: the server applies it.
    const docs = alpha.proxy.hold(DOCS_WITH_UPDATE);
    await alpha.start();
    await docs.waitFor(1);
    await alpha.stop('SIGKILL');
    await docs.release();

    // 3. Started again: it catches up from its durable cursor and state vectors.
    await alpha.start();
    const snapshot = await convergedCleanly();
    expect(spaceTitles(snapshot, prefix)).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix} ${i}`));
    expect(snapshot[space]!.pages).toEqual([{ title: 'Page', markdown: `${fromAlpha}\nMiddle.\n${fromBravo}\n`, pages: [] }]);
  });
});
