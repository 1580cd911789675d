import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Server as HocuspocusServer } from '@hocuspocus/server';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { openApp, serviceContext, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { bodyDocId, bodyText, treeDocId } from '../../src-main/content/engine';
import { bodyState, pushBodyUpdate } from '../../src-main/content/live-service';
import { type Host, startHost } from '../../src-main/http/server';
import { importIntoSpace } from '../../src-main/import/service';
import { generateToken } from '../../src-main/store/tokens';
import { getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { openFixture, type Fixture } from '../lib/fixture';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark, type Stats } from '../lib/harness';

const SECTIONS = 10;
const PER_SECTION = 100;
const PAGES = SECTIONS * PER_SECTION;
/** Measured runs of each initial sync (after one warm-up run each). */
const INITIAL_RUNS = 5;
const KEYSTROKES = 50;
/** In the 1,000-page space a keystroke and the syncs after it take about a second: fewer there. */
const KEYSTROKES_LARGE = 20;
/** Idle exchanges (converged workstation, nothing to send or receive) timed per space. */
const IDLE_RUNS = 5;
/** Pages of the small space the keystroke is also measured in. */
const SMALL_PAGES = 10;

/** A generated markdown folder like benchmarks/import.ts's: ~1 KB of headings, prose, code, a list and a link per page. */
function writeFolder(sections: number, perSection: number): string {
  const root = mkdtempSync(join(tmpdir(), 'folio-bench-sync-'));
  const paragraph = (s: number, i: number) =>
    `Topic ${s}.${i} explains how to install, configure and operate one part of the product, with examples and caveats. `.repeat(3);
  for (let s = 0; s < sections; s += 1) {
    const dir = join(root, `section-${s}`);
    mkdirSync(dir);
    for (let i = 0; i < perSection; i += 1) {
      const body = [`# ${i === 0 ? `Section ${s}` : `Topic ${s}.${i}`}`, paragraph(s, i), '## Usage', '```sh\nnpm run example\n```', `- one\n- two\n\nNext: [topic](topic-${i + 1}.md)`, paragraph(s, i)].join('\n\n');
      writeFileSync(join(dir, i === 0 ? 'README.md' : `topic-${i}.md`), `${body}\n`);
    }
  }
  return root;
}

interface TeamServer {
  fx: Fixture;
  host: Host;
  spaceId: string;
  /** The space's documents as Folio stores them: its page tree, then one body per page. */
  docIds: string[];
  /** One page, for the keystrokes. */
  pageId: string;
  close(): Promise<void>;
}

/** A team server on 127.0.0.1 with one space of `sections × perSection` imported pages. */
async function teamServer(sections: number, perSection: number): Promise<TeamServer> {
  const fx = openFixture({ allowFileImports: true });
  const folder = writeFolder(sections, perSection);
  const spaceId = fx.newSpace('Handbook');
  try {
    const result = await importIntoSpace(fx.ctx, spaceId, { url: pathToFileURL(folder).href, source: 'markdown' }, { limits: { allowFileUrls: true, maxFiles: sections * perSection * 2 } });
    if (result.importedResources !== sections * perSection) throw new Error(`imported ${result.importedResources} of ${sections * perSection} pages`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await yieldTurn();
  const pages = fx.app.db.prepare('SELECT page_id AS pageId FROM content_pages WHERE tree_id = ? ORDER BY path').all(spaceId) as Array<{ pageId: string }>;
  const host = await startHost(fx.app, { port: 0 });
  return {
    fx,
    host,
    spaceId,
    docIds: [treeDocId(spaceId), ...pages.map((p) => bodyDocId(spaceId, p.pageId))],
    pageId: pages[0]!.pageId,
    async close() {
      await host.close();
      fx.close();
    },
  };
}

interface Workstation {
  app: FolioApp;
  client: SyncClient;
  /** Round trips by path: count, ms (request sent until the whole answer is read) and bytes both ways. */
  calls: Map<string, { n: number; ms: number; bytes: number }>;
  close(): Promise<void>;
}

/** A fresh workstation data directory attached to the server's owner token (like `folio serve --remote`). */
function workstation(server: TeamServer, name: string): Workstation {
  const dir = mkdtempSync(join(tmpdir(), `folio-bench-ws-${name}-`));
  const app = openApp({ dataDir: dir });
  bootstrapOwner(app.db, app.clock, { adminToken: generateToken(), ownerEmail: `${name}@laptop.local` });
  const calls = new Map<string, { n: number; ms: number; bytes: number }>();
  const measured: typeof fetch = async (input, init) => {
    const start = nowMs();
    const response = await fetch(input, init);
    const path = new URL(String(input)).pathname;
    // The events stream stays open: it is passed through untouched.
    if (path.endsWith('/events')) return response;
    const text = await response.text();
    const entry = calls.get(path) ?? { n: 0, ms: 0, bytes: 0 };
    entry.n += 1;
    entry.ms += nowMs() - start;
    entry.bytes += text.length + (typeof init?.body === 'string' ? init.body.length : 0);
    calls.set(path, entry);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const client = new SyncClient(app, { url: server.host.url, token: server.fx.token }, { fetch: measured });
  return {
    app,
    client,
    calls,
    async close() {
      await client.stop();
      if (app.db.open) app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every document of the space reads on the workstation as on the server. */
function checkMirror(server: TeamServer, ws: FolioApp): void {
  for (const docId of server.docIds) {
    const here = server.fx.app.docs.get(docId);
    const there = ws.docs.get(docId);
    const same = docId.startsWith('tree:')
      ? Y.encodeStateVector(here).toString() === Y.encodeStateVector(there).toString()
      : bodyText(here).toString() === bodyText(there).toString();
    if (!same) throw new Error(`the workstation's ${docId} differs from the server's`);
  }
  const { n } = ws.db.prepare('SELECT count(*) AS n FROM content_pages WHERE tree_id = ?').get(server.spaceId) as { n: number };
  if (n !== server.docIds.length - 1) throw new Error(`the workstation's read model has ${n} pages, not ${server.docIds.length - 1}`);
}

interface FolioInitial {
  ms: number;
  roundTripMs: number;
  requests: number;
  bytes: number;
}

async function folioInitialSync(server: TeamServer): Promise<FolioInitial> {
  const ws = workstation(server, 'fresh');
  try {
    const start = nowMs();
    await ws.client.syncOnce();
    const ms = nowMs() - start;
    checkMirror(server, ws.app);
    const calls = [...ws.calls.values()];
    return {
      ms,
      roundTripMs: calls.reduce((sum, c) => sum + c.ms, 0),
      requests: calls.reduce((sum, c) => sum + c.n, 0),
      bytes: calls.reduce((sum, c) => sum + c.bytes, 0),
    };
  } finally {
    await ws.close();
  }
}

/** A Hocuspocus server on 127.0.0.1 that loads each document from `stored` (memory) when first asked, persisting nothing. */
async function hocuspocusServer(stored: Map<string, Uint8Array>): Promise<HocuspocusServer> {
  const server = new HocuspocusServer({
    port: 0,
    address: '127.0.0.1',
    quiet: true,
    stopOnSignals: false,
    async onLoadDocument({ document, documentName }) {
      const update = stored.get(documentName);
      if (update) Y.applyUpdate(document, update);
      return document;
    },
  });
  await server.listen();
  return server;
}

/** Providers for `names` on one multiplexed websocket; resolves once every one has synced. */
async function hocuspocusClient(url: string, names: readonly string[]) {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const providers: HocuspocusProvider[] = [];
  await new Promise<void>((resolve) => {
    let waiting = names.length;
    for (const [index, name] of names.entries()) {
      let done = false;
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name,
        document: new Y.Doc(),
        // An initial sync carries no presence: awareness only on the first provider (the socket's keep-alive needs one).
        awareness: index === 0 ? undefined : null,
        onSynced: () => {
          if (done) return;
          done = true;
          waiting -= 1;
          if (waiting === 0) resolve();
        },
      });
      provider.attach();
      providers.push(provider);
    }
  });
  return {
    providers,
    close() {
      for (const provider of providers) provider.destroy();
      socket.destroy();
    },
  };
}

async function hocuspocusInitialSync(stored: Map<string, Uint8Array>, server: TeamServer): Promise<number> {
  // A fresh server per run, so every document is loaded as on a first request (as Folio's server reads SQLite).
  const hp = await hocuspocusServer(stored);
  try {
    const start = nowMs();
    const client = await hocuspocusClient(hp.webSocketURL, [...stored.keys()]);
    const ms = nowMs() - start;
    for (const provider of client.providers) {
      const name = provider.configuration.name;
      const expected = server.fx.app.docs.get(name);
      const same = name.startsWith('tree:')
        ? Y.encodeStateVector(provider.document).toString() === Y.encodeStateVector(expected).toString()
        : bodyText(provider.document).toString() === bodyText(expected).toString();
      if (!same) throw new Error(`Hocuspocus: ${name} differs after sync`);
    }
    client.close();
    return ms;
  } finally {
    await hp.destroy();
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when `check` holds after a commit of `docId` on `app`. */
function committed(app: FolioApp, docId: string, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.docs.onCommitted((docIds) => {
      if (docIds.includes(docId) && check()) {
        stop();
        resolve();
      }
    });
  });
}

/**
 * Workstations A and B, both synced and following the server's events (`client.start()`); A's writer types
 * KEYSTROKES characters into an editor Y.Doc whose updates go through pushBodyUpdate (the desktop editor's
 * path); each is timed until B's store has committed it. Between keystrokes both clients are let settle.
 */
interface FolioKeys {
  /** Typed on A until B's store committed it, ms. */
  total: number[];
  /** Typed on A until the server's store committed it, ms. */
  toServer: number[];
  /** One `syncOnce` of a converged workstation (nothing to exchange), ms. */
  idle: number[];
}

async function folioKeystrokes(server: TeamServer, keystrokes: number, log: (m: string) => void): Promise<FolioKeys> {
  const a = workstation(server, 'a');
  const b = workstation(server, 'b');
  try {
    await a.client.syncOnce();
    await b.client.syncOnce();
    const idle: number[] = [];
    for (let run = 0; run < IDLE_RUNS; run += 1) {
      const start = nowMs();
      await b.client.syncOnce();
      idle.push(nowMs() - start);
    }
    const docId = bodyDocId(server.spaceId, server.pageId);
    const as = (ws: Workstation) => serviceContext(ws.app, getUserById(ws.app.db, server.fx.ctx.user.id)!);
    const editor = new Y.Doc();
    Y.applyUpdate(editor, bodyState(as(a), server.spaceId, server.pageId).update, 'workstation');
    const text = bodyText(editor);
    editor.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'workstation') pushBodyUpdate(as(a), server.spaceId, server.pageId, update);
    });
    // The page is open in an editor on both: it travels on the live channel (docs/live.md).
    a.client.followDocuments([docId]);
    b.client.followDocuments([docId]);
    a.client.start();
    b.client.start();
    const settle = async () => {
      await sleep(20);
      while (a.client.getStatus().state !== 'idle' || b.client.getStatus().state !== 'idle') await sleep(5);
    };
    // The live channel opens the page on the server before the first keystroke.
    while (!a.client.carriesLive(docId) || !b.client.carriesLive(docId)) await sleep(5);
    await settle();
    const total: number[] = [];
    const toServer: number[] = [];
    for (let k = 0; k < keystrokes + 2; k += 1) {
      const length = text.length + 1;
      let atServer = 0;
      const onServer = committed(server.fx.app, docId, () => bodyText(server.fx.app.docs.get(docId)).length === length).then(() => {
        atServer = nowMs();
      });
      const seen = committed(b.app, docId, () => bodyText(b.app.docs.get(docId)).length === length);
      const start = nowMs();
      text.insert(text.length, 'x');
      await seen;
      const end = nowMs();
      await onServer;
      // The first two warm the path up.
      if (k >= 2) {
        total.push(end - start);
        toServer.push(atServer - start);
      }
      await settle();
    }
    if (bodyText(b.app.docs.get(docId)).toString() !== text.toString()) throw new Error('Folio keystrokes: B does not read what A typed');
    log(`Folio keystroke A → B (${server.docIds.length - 1} pages): median ${fmt(stats(total).median)} ms`);
    return { total, toServer, idle };
  } finally {
    await a.close();
    await b.close();
  }
}

/** The same through Hocuspocus: providers A and B on separate websockets, B observing the Y.Text A types into. */
async function hocuspocusKeystrokes(stored: Map<string, Uint8Array>, docId: string, log: (m: string) => void): Promise<number[]> {
  const hp = await hocuspocusServer(new Map([[docId, stored.get(docId)!]]));
  const a = await hocuspocusClient(hp.webSocketURL, [docId]);
  const b = await hocuspocusClient(hp.webSocketURL, [docId]);
  try {
    const textA = bodyText(a.providers[0]!.document);
    const textB = bodyText(b.providers[0]!.document);
    const latencies: number[] = [];
    for (let k = 0; k < KEYSTROKES + 2; k += 1) {
      const length = textA.length + 1;
      const seen = new Promise<void>((resolve) => {
        const observer = () => {
          if (textB.length !== length) return;
          textB.unobserve(observer);
          resolve();
        };
        textB.observe(observer);
      });
      const start = nowMs();
      textA.insert(textA.length, 'x');
      await seen;
      if (k >= 2) latencies.push(nowMs() - start);
      await sleep(20);
    }
    if (textA.toString() !== textB.toString()) throw new Error('Hocuspocus keystrokes: B does not read what A typed');
    log(`Hocuspocus keystroke A → B: median ${fmt(stats(latencies).median)} ms`);
    return latencies;
  } finally {
    a.close();
    b.close();
    await hp.destroy();
  }
}

const benchmark: Benchmark = {
  name: 'sync',
  order: 5,
  title: `Sync: initial sync of a ${PAGES.toLocaleString('en-US')}-page space and one keystroke between workstations, vs. Hocuspocus`,
  async run({ log }) {
    const server = await teamServer(SECTIONS, PER_SECTION);
    const small = await teamServer(1, SMALL_PAGES);
    try {
      // The same Yjs documents for Hocuspocus: the space's page tree and every page body, as Folio's server stores them.
      const stored = new Map(server.docIds.map((docId) => [docId, Y.encodeStateAsUpdate(server.fx.app.docs.get(docId))]));
      const storedBytes = [...stored.values()].reduce((sum, u) => sum + u.length, 0);
      log(`${stored.size} documents, ${fmt(storedBytes / 1024, 0)} KiB of Yjs state`);

      // 1. Initial sync to a fresh replica, alternating Folio and Hocuspocus runs after a warm-up of each.
      const folio: FolioInitial[] = [];
      const hocus: number[] = [];
      for (let run = 0; run <= INITIAL_RUNS; run += 1) {
        const f = await folioInitialSync(server);
        const h = await hocuspocusInitialSync(stored, server);
        log(`initial sync run ${run}${run === 0 ? ' (warm-up)' : ''}: Folio ${fmt(f.ms)} ms, Hocuspocus ${fmt(h)} ms`);
        if (run === 0) continue;
        folio.push(f);
        hocus.push(h);
      }

      // 2. One keystroke A → server → B.
      const large = await folioKeystrokes(server, KEYSTROKES_LARGE, log);
      const little = await folioKeystrokes(small, KEYSTROKES, log);
      const hocusKeys = stats(await hocuspocusKeystrokes(stored, bodyDocId(server.spaceId, server.pageId), log));

      const f = stats(folio.map((r) => r.ms));
      const h = stats(hocus);
      const roundTrips = stats(folio.map((r) => r.roundTripMs));
      const row = (label: string, s: Stats, baseline: Stats) => [label, fmt(s.median), fmt(s.p95), fmtRatio(s.median / baseline.median)];
      const keyRow = (label: string, keys: FolioKeys) => {
        const total = stats(keys.total);
        return [...row(label, total, hocusKeys), fmt(stats(keys.toServer).median), fmt(stats(keys.idle).median), String(total.n)];
      };
      const lines = [
        `One team server (\`startHost\` on 127.0.0.1) with a space of ${PAGES.toLocaleString('en-US')} imported pages (${SECTIONS} sections of ` +
          `${PER_SECTION}, ~1 KB of markdown each, generated like \`import\`'s): ${stored.size.toLocaleString('en-US')} Yjs documents (the page ` +
          `tree and one body per page), ${fmt(storedBytes / 1024, 0)} KiB of Yjs state. Everything runs in one Node process on this machine.`,
        '',
        `- **Folio**: a fresh workstation data directory (\`openApp\`, its own owner) with a \`SyncClient\` on the server's owner token; ` +
          '`syncOnce()` timed: hello, rows (the organization, members, the space...) pulled and applied, then the page tree and the bodies ' +
          'exchanged by state vectors in batches of 200 documents and applied through the content engine. Both ends persist in SQLite: the ' +
          'server reads the documents from its store (200 kept in memory), the workstation writes each document, its read-model row and ' +
          'search entry in one transaction per batch.',
        `- **Hocuspocus** (\`@hocuspocus/server\` and \`@hocuspocus/provider\` 3.4.4, \`ws\` in Node): a fresh \`Server\` on 127.0.0.1 per run ` +
          'whose `onLoadDocument` applies the same Yjs state from memory (nothing is persisted or read from disk on either side), and one ' +
          `\`HocuspocusProviderWebsocket\` with one \`HocuspocusProvider\` per document (${stored.size.toLocaleString('en-US')}, multiplexed on the ` +
          'socket; awareness only on the first: an initial sync carries no presence); timed from opening the socket until every provider has synced.',
        `- ${INITIAL_RUNS} runs each after one warm-up of each, alternating; every run is checked: every body reads the same text as the ` +
          "server's (and the page tree the same state vector), and the Folio workstation's read model lists every page.",
        '',
        table(
          ['initial sync, fresh replica', 'median ms', 'p95 ms', 'ratio'],
          [row(`Hocuspocus, ${stored.size.toLocaleString('en-US')} documents`, h, h), row(`Folio \`syncOnce\`, ${PAGES.toLocaleString('en-US')}-page space`, f, h)],
        ),
        '',
        `Where Folio's time goes (medians): ${fmt(roundTrips.median)} ms in ${folio[0]!.requests} HTTP round trips (request sent until the ` +
          `whole answer is read: the server's work, JSON and base64 included; ${fmt(stats(folio.map((r) => r.bytes)).median / 1024, 0)} KiB ` +
          `both ways), the other ${fmt(f.median - roundTrips.median)} ms on the workstation applying what arrived (Yjs, SQLite, read model, search).` +
          ' Both Hocuspocus ends create a `new Y.Doc()` per document, whose random guid costs ~0.1 ms (lib0 draws it with ~30 crypto ' +
          "calls); Folio's document store names its documents itself.",
        '',
        `**Keystroke A → B**: one character typed at the end of a page (${KEYSTROKES} times, ${KEYSTROKES_LARGE} in the ` +
          `${PAGES.toLocaleString('en-US')}-page space, after 2 warm-up keystrokes), one at a time, timed until the other replica has it.`,
        '',
        '- **Folio**: workstations A and B, both synced, both following the server with `client.start()`, both with the page open in an ' +
          "editor (`followDocuments`: it is open on the server's live channel, docs/live.md). A's writer types into an editor `Y.Doc` whose " +
          "update goes through `pushBodyUpdate` on A (the desktop editor's path: committed to A's SQLite); A's live link sends it as one " +
          "WebSocket frame, the server commits it (through the content engine, in SQLite) and relays it to B's link, which commits it to B's " +
          "SQLite: timed until B's store has committed the character. Both clients settle between keystrokes. Measured in the " +
          `${PAGES.toLocaleString('en-US')}-page space and in an organization with one ${SMALL_PAGES}-page space, to show it does not grow ` +
          'with the organization (a `syncOnce` exchanges only the documents changed since the last one).',
        '- **Hocuspocus**: providers A and B on separate websockets to one server, on the same page body document; A inserts into the ' +
          "`Y.Text`, timed until B's `Y.Text` has the character (in memory on both sides; the server persists nothing, where Folio commits " +
          'to SQLite three times: on A, on the server and on B).',
        '',
        table(
          ['keystroke A → B', 'median ms', 'p95 ms', 'ratio', 'A → server median ms', 'idle syncOnce median ms', 'keystrokes'],
          [
            [...row('Hocuspocus', hocusKeys, hocusKeys), '—', '—', String(hocusKeys.n)],
            keyRow(`Folio, ${PAGES.toLocaleString('en-US')}-page space`, large),
            keyRow(`Folio, ${SMALL_PAGES}-page space`, little),
          ],
        ),
        '',
        "Ratio = Folio median ÷ Hocuspocus median (issue 17's goal: ≤ 3×). *A → server*: until the server's store committed the character. " +
          `*Idle syncOnce*: one exchange of a converged workstation with nothing to send or receive (${IDLE_RUNS} runs), the floor of each ` +
          "side's share of a keystroke: the workstation asks which documents changed since its last exchange and exchanges only " +
          'those and the ones edited here, so it does not grow with the organization.',
      ];
      return { markdown: lines.join('\n') };
    } finally {
      await server.close();
      await small.close();
    }
  },
};

export default benchmark;
