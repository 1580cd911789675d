import { appServices } from '../../src-main/app/app';
import { bodyDocId, bodyText } from '../../src-main/content/engine';
import { setPageMarkdown } from '../../src-main/content/pages-service';
import { currentPageByPath } from '../../src-main/content/read-service';
import { appRouter } from '../../src-main/trpc/router';
import { openAppInChromium, requireBuiltRenderer, type AppInChromium, type InPageFetch, type Measured, type PageRequest } from '../lib/browser';
import { openFixture } from '../lib/fixture';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark, type Stats } from '../lib/harness';
import { importMarkdownSpace, pageOpening, pagePath, pageTitle, type MarkdownSpaceLayout } from '../lib/markdown-space';

/** The 10,000-page space of benchmarks/pages.ts (100 sections of a section page and 99 pages), and a 10-page one. */
const BIG: MarkdownSpaceLayout = { sections: 100, perSection: 100 };
const SMALL: MarkdownSpaceLayout = { sections: 10, perSection: 1 };
const BIG_TOTAL = BIG.sections * BIG.perSection;
const SMALL_TOTAL = SMALL.sections * SMALL.perSection;
/** The long page's size (characters of markdown). */
const LONG_CHARS = 50_000;
const LONG_OPENING = 'This long page opens with a unique sentence:';

const RUNS = { tree: 15, treeServer: 5, open: 20, openFetch: 30, keys: 50, roundTrip: 100 };
const WARMUP = { tree: 2, open: 3, keys: 5, roundTrip: 10 };
/** Pause between two measured actions, so the app's follow-up work (its answers, a repaint) is over. */
const SETTLE_MS = 150;
/** The key typed; 'x' inserts one character, so the page's markdown grows by one per keystroke. */
const KEY = 'x';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const n = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => fmt(value);

/** About LONG_CHARS characters of markdown: headings and paragraphs, opening with a sentence found nowhere else. */
function longMarkdown(): string {
  const parts = [`${LONG_OPENING} it holds about ${n(LONG_CHARS)} characters of headings and paragraphs.\n`];
  let length = parts[0]!.length;
  for (let k = 1; length < LONG_CHARS; k += 1) {
    const part =
      `\n## Part ${k}\n\nPart ${k} of the long page explains one step of the procedure in enough words to fill a paragraph, ` +
      'with a [link](https://example.com) and some `inline code`, then says what to check before moving on to the next part.\n';
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

const treeRequest = (requests: PageRequest[]) => requests.find((r) => r.path.includes('content.outline'));
const bodyRequest = (requests: PageRequest[]) => requests.find((r) => r.path.includes('content.body'));

interface TreeRun extends Measured {
  tree: PageRequest;
}

const benchmark: Benchmark = {
  name: 'renderer',
  order: 4,
  title: `The app in Chromium: page tree and page of a ${n(BIG_TOTAL)}-page space, keystroke to persisted`,
  async run({ log }) {
    requireBuiltRenderer();
    const fx = openFixture({ allowFileImports: true });
    let app: AppInChromium | undefined;
    try {
      const big = await importMarkdownSpace(fx, 'Big manual', BIG);
      const small = await importMarkdownSpace(fx, 'Small guide', SMALL);
      log(`imported ${n(BIG_TOTAL)} pages in ${fmt(big.seconds, 1)} s and ${SMALL_TOTAL} pages`);
      const pageId = (spaceId: string, s: number, i: number) => currentPageByPath(fx.ctx, spaceId, pagePath(s, i)).page_id;
      const longId = pageId(big.spaceId, 1, 1);
      const long = longMarkdown();
      setPageMarkdown(fx.ctx, big.spaceId, longId, long);
      await yieldTurn();

      app = await openAppInChromium(fx.app, fx.token);
      const session = app;
      const pageHash = (spaceId: string, page: string) => `#/spaces/${spaceId}/pages/${page}`;

      // 1. The page tree: from the address naming the space (the app at its spaces list) until its first row shows.
      const goHome = async () => {
        await session.measure({ kind: 'hash', hash: '' }, { kind: 'home' });
        await sleep(SETTLE_MS);
      };
      const openTree = async (spaceId: string, setSize: number): Promise<TreeRun> => {
        await goHome();
        const run = await session.measure({ kind: 'hash', hash: `#/spaces/${spaceId}` }, { kind: 'tree', title: pageTitle(0, 0), setSize });
        const tree = treeRequest(run.requests);
        if (!tree) throw new Error(`opening space ${spaceId} did not load its page tree (requests: ${run.requests.map((r) => r.path).join(', ')})`);
        return { ...run, tree };
      };
      // Baseline: the same request the app made, from the same page without the app around it, in the same conditions
      // (from the spaces list, after the same pause), interleaved with the app's runs.
      const fetchTree = async (path: string) => {
        await goHome();
        const fetched = await session.fetchInPage(path);
        if (fetched.status !== 200) throw new Error(`GET ${path}: ${fetched.status}`);
        return fetched;
      };
      let bigTreePath = '';
      let smallTreePath = '';
      for (let i = 0; i < WARMUP.tree; i += 1) {
        bigTreePath = (await openTree(big.spaceId, BIG.sections)).tree.path;
        smallTreePath = (await openTree(small.spaceId, SMALL.sections)).tree.path;
        await fetchTree(bigTreePath);
        await fetchTree(smallTreePath);
      }
      const bigTree: TreeRun[] = [];
      const smallTree: TreeRun[] = [];
      const bigFetch: InPageFetch[] = [];
      const smallFetch: InPageFetch[] = [];
      for (let i = 0; i < RUNS.tree; i += 1) {
        bigTree.push(await openTree(big.spaceId, BIG.sections));
        smallTree.push(await openTree(small.spaceId, SMALL.sections));
        bigFetch.push(await fetchTree(bigTreePath));
        smallFetch.push(await fetchTree(smallTreePath));
      }
      const treeBytes = { big: bigFetch[0]!.bytes, small: smallFetch[0]!.bytes };
      // The server's part of the big tree's request, in-process: the tRPC procedure, then its answer as JSON.
      const caller = appRouter.createCaller({ ...appServices(fx.app), user: fx.ctx.user, baseUrl: session.host.url });
      const procedureMs: number[] = [];
      const stringifyMs: number[] = [];
      for (let i = 0; i < 1 + RUNS.treeServer; i += 1) {
        const t0 = nowMs();
        const answer = await caller.content.outline({ spaceId: big.spaceId });
        const t1 = nowMs();
        JSON.stringify(answer);
        if (i > 0) {
          procedureMs.push(t1 - t0);
          stringifyMs.push(nowMs() - t1);
        }
        await sleep(SETTLE_MS);
      }
      const treeServer = { procedure: stats(procedureMs), stringify: stats(stringifyMs) };
      const sTree = {
        big: stats(bigTree.map((r) => r.painted)),
        small: stats(smallTree.map((r) => r.painted)),
        bigFetch: stats(bigFetch.map((f) => f.ms)),
        bigParse: stats(bigFetch.map((f) => f.parseMs)),
        smallFetch: stats(smallFetch.map((f) => f.ms)),
        smallParse: stats(smallFetch.map((f) => f.parseMs)),
      };
      const treeSplit = (runs: TreeRun[]) => ({
        before: stats(runs.map((r) => r.tree.start)),
        request: stats(runs.map((r) => r.tree.end - r.tree.start)),
        after: stats(runs.map((r) => r.dom - r.tree.end)),
        paint: stats(runs.map((r) => r.painted - r.dom)),
      });
      const splitBig = treeSplit(bigTree);
      const splitSmall = treeSplit(smallTree);
      log(`page tree: ${n(BIG_TOTAL)} pages ${ms(sTree.big.median)} ms, ${SMALL_TOTAL} pages ${ms(sTree.small.median)} ms, fetch ${ms(sTree.bigFetch.median)} ms`);

      // 2. Opening a page: from a click on its row (or its address) until the editor shows its text.
      type OpenCase = { spaceId: string; page: (run: number) => { id: string; text: string; click: boolean }; between?: { id: string; text: string } };
      const openPage = async ({ spaceId, page, between }: OpenCase, runs: number) => {
        const out: Measured[] = [];
        for (let i = 0; i < WARMUP.open + runs; i += 1) {
          if (between) {
            await session.measure({ kind: 'hash', hash: pageHash(spaceId, between.id) }, { kind: 'editor', text: between.text });
            await sleep(SETTLE_MS);
          }
          const target = page(i);
          const action = target.click ? ({ kind: 'click', pageId: target.id } as const) : ({ kind: 'hash', hash: pageHash(spaceId, target.id) } as const);
          const run = await session.measure(action, { kind: 'editor', text: target.text });
          if (!bodyRequest(run.requests)) throw new Error(`opening page ${target.id} did not load its body`);
          if (i >= WARMUP.open) out.push(run);
          await sleep(SETTLE_MS);
        }
        return out;
      };
      const showSpace = async (spaceId: string, setSize: number) => {
        await goHome();
        await session.measure({ kind: 'hash', hash: `#/spaces/${spaceId}` }, { kind: 'tree', title: pageTitle(0, 0), setSize });
        await sleep(SETTLE_MS);
      };
      // Section pages are the tree's top rows (collapsed, all drawn); topics of section 50 open by address, deep in the tree.
      const sectionPage = (spaceId: string, sections: number) => (run: number) => {
        const s = run % sections;
        return { id: pageId(spaceId, s, 0), text: pageOpening(s, 0), click: true };
      };
      const topicPage = (run: number) => {
        const i = 1 + (run % 20);
        return { id: pageId(big.spaceId, 50, i), text: pageOpening(50, i), click: false };
      };
      const smallPageOf = (s: number) => ({ id: pageId(big.spaceId, s, 0), text: pageOpening(s, 0) });
      await showSpace(small.spaceId, SMALL.sections);
      const openSmall = await openPage({ spaceId: small.spaceId, page: sectionPage(small.spaceId, SMALL.sections) }, RUNS.open);
      await showSpace(big.spaceId, BIG.sections);
      const openBigClick = await openPage({ spaceId: big.spaceId, page: sectionPage(big.spaceId, 20) }, RUNS.open);
      const openBigAddress = await openPage({ spaceId: big.spaceId, page: topicPage }, RUNS.open);
      const openLong = await openPage(
        { spaceId: big.spaceId, page: () => ({ id: longId, text: LONG_OPENING, click: false }), between: smallPageOf(2) },
        Math.round(RUNS.open / 2),
      );
      const fetchPage = async (path: (run: number) => string, runs: number) => {
        const out: number[] = [];
        let bytes = 0;
        for (let i = 0; i < WARMUP.open + runs; i += 1) {
          const fetched = await session.fetchInPage(path(i));
          if (fetched.status !== 200) throw new Error(`GET ${path(i)}: ${fetched.status}`);
          if (i >= WARMUP.open) out.push(fetched.ms);
          bytes = fetched.bytes;
          await sleep(SETTLE_MS);
        }
        return { ms: stats(out), bytes };
      };
      const pageUrl = (id: string) => `/v1/spaces/${big.spaceId}/content/page/${id}?format=markdown`;
      const fetchSmallPage = await fetchPage((run) => pageUrl(topicPage(run).id), RUNS.openFetch);
      const fetchLongPage = await fetchPage(() => pageUrl(longId), RUNS.openFetch);
      const sOpen = {
        small: stats(openSmall.map((r) => r.painted)),
        bigClick: stats(openBigClick.map((r) => r.painted)),
        bigAddress: stats(openBigAddress.map((r) => r.painted)),
        long: stats(openLong.map((r) => r.painted)),
      };
      const openSplit = (runs: Measured[]) => {
        const body = (r: Measured) => bodyRequest(r.requests)!;
        return {
          before: stats(runs.map((r) => body(r).start)),
          request: stats(runs.map((r) => body(r).end - body(r).start)),
          after: stats(runs.map((r) => r.dom - body(r).end)),
          paint: stats(runs.map((r) => r.painted - r.dom)),
          bytes: body(runs[0]!).bytes,
        };
      };
      log(`open a page: click ${ms(sOpen.bigClick.median)} ms, address ${ms(sOpen.bigAddress.median)} ms, long ${ms(sOpen.long.median)} ms`);

      // 3. Keystroke to persisted: a key pressed through playwright until the server has committed it. The editor
      // sends it on the live channel (docs/live.md): committed is the body's Yjs document in the host's store having
      // it (the store changes it inside the write's transaction, and this polls between event-loop turns).
      const persistedLength = (spaceId: string, page: string) => bodyText(fx.app.docs.get(bodyDocId(spaceId, page))).length;
      // When each update starts being written in the host (Node's clock): the live channel's write for it.
      const writeStarts: number[] = [];
      const write = fx.app.docs.write.bind(fx.app.docs);
      fx.app.docs.write = ((work, origin) => {
        if (origin?.startsWith('live:')) writeStarts.push(nowMs());
        return write(work, origin);
      }) as typeof fx.app.docs.write;
      interface KeyCase {
        label: string;
        spaceId: string;
        page: string;
        text: string;
      }
      const typeKeys = async ({ spaceId, page, text }: KeyCase) => {
        await session.measure({ kind: 'hash', hash: pageHash(spaceId, page) }, { kind: 'editor', text });
        await session.page.getByRole('textbox', { name: 'Page content' }).click();
        await session.page.keyboard.press('Control+End');
        fx.app.live.flush();
        await sleep(SETTLE_MS);
        const startLength = persistedLength(spaceId, page);
        const keydownsBefore = (await session.keydowns()).length;
        // When the page sends on a WebSocket (the page's clock, as its keydowns).
        await session.page.evaluate(() => {
          const bench = window as unknown as { __wsSends?: number[] };
          if (bench.__wsSends) return;
          bench.__wsSends = [];
          const send = WebSocket.prototype.send;
          WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
            bench.__wsSends!.push(performance.now());
            return send.call(this, data);
          };
        });
        const samples: Array<{ t0: number; t1: number }> = [];
        const total = WARMUP.keys + RUNS.keys;
        for (let k = 0; k < total; k += 1) {
          const expected = startLength + k + 1;
          const t0 = nowMs();
          const pressing = session.page.keyboard.press(KEY);
          while (persistedLength(spaceId, page) < expected) await yieldTurn();
          const t1 = nowMs();
          await pressing;
          samples.push({ t0, t1 });
          await sleep(SETTLE_MS / 3);
        }
        // Checked: every key landed once in the body's Yjs document.
        const markdown = bodyText(fx.app.docs.get(bodyDocId(spaceId, page))).toString();
        if (persistedLength(spaceId, page) !== startLength + total || !markdown.endsWith(KEY.repeat(total)) || markdown.length !== startLength + total) {
          throw new Error(`after ${total} keystrokes the page has ${persistedLength(spaceId, page)} characters, not ${startLength + total}`);
        }
        // A revision of the typing is cut once the writer pauses (2 s): its cost here, off the typing path.
        const cutStart = nowMs();
        fx.app.live.flush();
        const cutMs = nowMs() - cutStart;
        // Checked: once the revision is cut, the read model has every key too.
        const row = fx.app.db.prepare('SELECT markdown FROM content_pages WHERE tree_id = ? AND page_id = ?').get(spaceId, page) as { markdown: string };
        if (row.markdown !== markdown) throw new Error('after the revision, the read model differs from the Yjs body');
        // The split, each part on one clock: the page's (keydown, next frame, push sent) and Node's (push arrived, committed).
        const keydowns = (await session.keydowns()).slice(keydownsBefore).filter((k) => k.key === KEY);
        if (keydowns.length !== total) throw new Error(`saw ${keydowns.length} keydowns of ${total}`);
        const sends = await session.page.evaluate(() => (window as unknown as { __wsSends: number[] }).__wsSends);
        const split = samples.slice(WARMUP.keys).map(({ t0, t1 }, index) => {
          const keydown = keydowns[WARMUP.keys + index]!;
          const sent = sends.find((start) => start >= keydown.at);
          const arrived = writeStarts.find((at) => at >= t0 && at <= t1);
          if (sent === undefined || arrived === undefined) throw new Error('a keystroke without its update on the live channel');
          const inPage = sent - keydown.at;
          const server = t1 - arrived;
          return { frame: keydown.frame - keydown.at, timer: keydown.timer - keydown.at, inPage, server, rest: t1 - t0 - inPage - server };
        });
        return {
          latency: stats(samples.slice(WARMUP.keys).map((s) => s.t1 - s.t0)),
          frame: stats(split.map((s) => s.frame)),
          timer: stats(split.map((s) => s.timer)),
          inPage: stats(split.map((s) => s.inPage)),
          server: stats(split.map((s) => s.server)),
          rest: stats(split.map((s) => s.rest)),
          cutMs,
        };
      };
      const smallKeyPage = pageId(small.spaceId, 0, 0);
      const keyCases: KeyCase[] = [
        { label: `${SMALL_TOTAL}-page space, ~150-character page`, spaceId: small.spaceId, page: smallKeyPage, text: pageOpening(0, 0) },
        { label: `${n(BIG_TOTAL)}-page space, ~150-character page`, spaceId: big.spaceId, page: pageId(big.spaceId, 50, 1), text: pageOpening(50, 1) },
        { label: `${n(BIG_TOTAL)}-page space, ~${n(LONG_CHARS)}-character page`, spaceId: big.spaceId, page: longId, text: LONG_OPENING },
      ];
      await showSpace(small.spaceId, SMALL.sections);
      const smallKeys = await typeKeys(keyCases[0]!);
      await showSpace(big.spaceId, BIG.sections);
      const bigKeys = await typeKeys(keyCases[1]!);
      const longKeys = await typeKeys(keyCases[2]!);
      const keys = [smallKeys, bigKeys, longKeys];
      log(`keystroke to persisted: ${keys.map((k) => `${ms(k.latency.median)} ms`).join(', ')}`);

      // Baselines for the keystroke, timed from Node like it (playwright's round trip in both), with the long page open.
      const roundTrip = async (expression: string) => {
        const out: number[] = [];
        for (let i = 0; i < WARMUP.roundTrip + RUNS.roundTrip; i += 1) {
          const t0 = nowMs();
          await session.page.evaluate(expression);
          if (i >= WARMUP.roundTrip) out.push(nowMs() - t0);
          await sleep(5);
        }
        return stats(out);
      };
      const evaluateOnly = await roundTrip('0');
      const userFetch = await roundTrip(`fetch('/v1/user', { headers: { Authorization: ${JSON.stringify(`Bearer ${fx.token}`)} } }).then((r) => r.text()).then((t) => t.length)`);
      log(`baseline: evaluate ${ms(evaluateOnly.median)} ms, evaluate(fetch /v1/user) ${ms(userFetch.median)} ms`);

      if (session.pageErrors.length) throw new Error(`errors in the page: ${session.pageErrors.slice(0, 3).join('; ')}`);

      // The report.
      const row = (label: string, runs: number, s: Stats, base: Stats) => [label, String(runs), ms(s.median), ms(s.p95), fmtRatio(s.median / base.median)];
      const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
      const lines = [
        `The built renderer (\`out/renderer\`, or \`FOLIO_RENDERER_DIR\`) served by the real host (\`startHost\`) to Debian's Chromium ` +
          '(headless, driven by playwright-core as the browser tests do), signed in with the owner\'s token, on a data directory ' +
          `seeded in-process: the ${n(BIG_TOTAL)}-page space of the \`pages\` benchmark (${BIG.sections} section pages with ` +
          `${BIG.perSection - 1} pages each, imported from a generated markdown folder in ${fmt(big.seconds, 1)} s) and a ` +
          `${SMALL_TOTAL}-page space (${SMALL_TOTAL} top-level pages) for comparison; one page of the big space was given ` +
          `${n(long.length)} characters of markdown. Timings are medians and p95 in ms.`,
        '',
        'Where playwright is in the figures: the page tree and page opening times are taken **inside the page** (`performance.now()` ' +
          'around the action, until a MutationObserver sees the result in the DOM, then one more frame so it is laid out and painted), ' +
          'so they hold none of playwright\'s overhead; the keystroke times are taken **in Node**, from calling ' +
          '`page.keyboard.press()` until the change is committed in SQLite, so they include playwright sending the key to Chromium ' +
          'over CDP — and so does their baseline, `page.evaluate()` of a `fetch` timed from Node.',
        '',
        '### Page tree',
        '',
        `From setting the address to \`#/spaces/{id}\` (the app showing the organization's spaces) until the tree's first row ` +
          `is painted: the app asks for the space and for its tree (tRPC \`content.outline\`), builds the ` +
          'rows and draws the ones in view (the tree is windowed). Baseline: the same `content.outline` request fetched from inside ' +
          'the page (until its body is read) without the app, from the spaces list too, the runs of both interleaved.',
        '',
        table(
          ['', 'runs', 'median ms', 'p95 ms', 'ratio'],
          [
            row(`tree of the ${SMALL_TOTAL}-page space shown`, RUNS.tree, sTree.small, sTree.small),
            row(`tree of the ${n(BIG_TOTAL)}-page space shown (ratio to the ${SMALL_TOTAL}-page tree)`, RUNS.tree, sTree.big, sTree.small),
            row(`fetch of the ${SMALL_TOTAL}-page tree data in the page (${kib(treeBytes.small)})`, RUNS.tree, sTree.smallFetch, sTree.smallFetch),
            row(`fetch of the ${n(BIG_TOTAL)}-page tree data in the page (${kib(treeBytes.big)}; ratio to the ${SMALL_TOTAL}-page fetch)`, RUNS.tree, sTree.bigFetch, sTree.smallFetch),
            row(`tree of the ${n(BIG_TOTAL)}-page space shown, ratio to its data fetch`, RUNS.tree, sTree.big, sTree.bigFetch),
          ],
        ),
        '',
        `The tree data of the ${n(BIG_TOTAL)}-page space is **${n(treeBytes.big)} bytes** (${kib(treeBytes.big)}, uncompressed: ` +
          `the host does not compress) against ${n(treeBytes.small)} bytes for ${SMALL_TOTAL} pages; \`JSON.parse\` of it takes ` +
          `${ms(sTree.bigParse.median)} ms in the page (${ms(sTree.smallParse.median)} ms for ${SMALL_TOTAL} pages). Where the time goes ` +
          '(page clock, resource timing of the app\'s own request):',
        '',
        table(
          ['part of showing the tree', `${n(BIG_TOTAL)} pages median ms`, 'p95 ms', `${SMALL_TOTAL} pages median ms`, 'p95 ms'],
          [
            ['address set → tree request sent (routing, the space opened)', ms(splitBig.before.median), ms(splitBig.before.p95), ms(splitSmall.before.median), ms(splitSmall.before.p95)],
            ['tree request sent → answer received (server and transfer)', ms(splitBig.request.median), ms(splitBig.request.p95), ms(splitSmall.request.median), ms(splitSmall.request.p95)],
            ['of which, in the host: the `content.outline` procedure (in-process, `createCaller`)', ms(treeServer.procedure.median), ms(treeServer.procedure.p95), '', ''],
            ['of which, in the host: `JSON.stringify` of its answer (in-process)', ms(treeServer.stringify.median), ms(treeServer.stringify.p95), '', ''],
            ['answer received → first row in the DOM (JSON, tree data, React)', ms(splitBig.after.median), ms(splitBig.after.p95), ms(splitSmall.after.median), ms(splitSmall.after.p95)],
            ['first row in the DOM → painted (next frame)', ms(splitBig.paint.median), ms(splitBig.paint.p95), ms(splitSmall.paint.median), ms(splitSmall.paint.p95)],
            ['total', ms(sTree.big.median), ms(sTree.big.p95), ms(sTree.small.median), ms(sTree.small.p95)],
          ],
        ),
        '',
        '### Opening a page',
        '',
        'From a click on a row of the tree (an in-page `click()`, the space already shown) or from setting the address to ' +
          '`#/spaces/{id}/pages/{pageId}`, until the editor (`Page content`) shows the text of that page, painted; every run opens ' +
          'another page than the one open. Baseline: `GET /v1/spaces/{id}/content/page/{pageId}?format=markdown` fetched from ' +
          'inside the page.',
        '',
        table(
          ['', 'runs', 'median ms', 'p95 ms', 'ratio to the GET'],
          [
            row(`baseline: GET of a ~150-character page in the page (${kib(fetchSmallPage.bytes)})`, RUNS.openFetch, fetchSmallPage.ms, fetchSmallPage.ms),
            row(`${SMALL_TOTAL}-page space, click on a row`, RUNS.open, sOpen.small, fetchSmallPage.ms),
            row(`${n(BIG_TOTAL)}-page space, click on a top-level row`, RUNS.open, sOpen.bigClick, fetchSmallPage.ms),
            row(`${n(BIG_TOTAL)}-page space, address of a page inside section 50 (expanded in the tree)`, RUNS.open, sOpen.bigAddress, fetchSmallPage.ms),
            row(`baseline: GET of the ~${n(LONG_CHARS)}-character page in the page (${kib(fetchLongPage.bytes)})`, RUNS.openFetch, fetchLongPage.ms, fetchLongPage.ms),
            row(`${n(BIG_TOTAL)}-page space, address of the ~${n(LONG_CHARS)}-character page (ratio to its GET)`, Math.round(RUNS.open / 2), sOpen.long, fetchLongPage.ms),
          ],
        ),
        '',
        'Where the time goes (page clock; the app reads the body as a Yjs update, tRPC `content.body`):',
        '',
        table(
          ['part of opening a page (median ms)', `${SMALL_TOTAL}-page, click`, `${n(BIG_TOTAL)}-page, click`, `${n(BIG_TOTAL)}-page, address`, `~${n(LONG_CHARS)} chars, address`],
          (() => {
            const splits = [openSplit(openSmall), openSplit(openBigClick), openSplit(openBigAddress), openSplit(openLong)];
            return [
              ['action → body request sent', ...splits.map((s) => ms(s.before.median))],
              ['body request sent → answer received', ...splits.map((s) => ms(s.request.median))],
              ['answer received → text in the editor (Yjs, CodeMirror, React)', ...splits.map((s) => ms(s.after.median))],
              ['text in the DOM → painted', ...splits.map((s) => ms(s.paint.median))],
              ['body answer size', ...splits.map((s) => kib(s.bytes))],
            ];
          })(),
        ),
        '',
        '### Keystroke to persisted',
        '',
        `The editor focused at the end of the page, one key (\`${KEY}\`) pressed with \`page.keyboard.press\`, timed in Node until ` +
          "the page's body document in the host's store has the new character: the editor sends the update on the live channel " +
          '(docs/live.md), and the host commits it to SQLite and changes the document in one write; polled with `setImmediate` in ' +
          `the host's own process. ${WARMUP.keys} warm-up keys then ${RUNS.keys} measured, each after the previous one was committed. Baseline: ` +
          '`page.evaluate()` of `fetch(\'/v1/user\')` from the page, timed from Node the same way.',
        '',
        table(
          ['', 'runs', 'median ms', 'p95 ms', 'ratio to the baseline'],
          [
            row('baseline: `page.evaluate(fetch(\'/v1/user\'))` round trip', RUNS.roundTrip, userFetch, userFetch),
            row('`page.evaluate(\'0\')` round trip (playwright alone)', RUNS.roundTrip, evaluateOnly, userFetch),
            ...keyCases.map((c, i) => row(`keystroke → persisted, ${c.label}`, RUNS.keys, keys[i]!.latency, userFetch)),
          ],
        ),
        '',
        'Where the time goes (medians in ms, each part measured on one clock): in the page, from the keydown event to the ' +
          'update sent on the WebSocket (`WebSocket.prototype.send`, wrapped); in the host, from the live channel starting to ' +
          'write it to the commit seen; the rest is playwright delivering the key (CDP) and the frame crossing to the server.',
        '',
        table(
          ['part of a keystroke (median ms)', ...keyCases.map((c) => c.label)],
          [
            ['keydown → the next animation frame begins', ...keys.map((k) => ms(k.frame.median))],
            ['keydown → a zero-delay timer queued at keydown runs', ...keys.map((k) => ms(k.timer.median))],
            ['keydown → update sent on the live channel (CodeMirror, y-codemirror, Yjs)', ...keys.map((k) => ms(k.inPage.median))],
            ['host starts writing it → committed (authorization, content engine, SQLite, the poll)', ...keys.map((k) => ms(k.server.median))],
            ['rest: `keyboard.press` → keydown in the page, frame sent → decoded in the host', ...keys.map((k) => ms(k.rest.median))],
            ['total (keystroke → persisted)', ...keys.map((k) => ms(k.latency.median))],
            ['a revision cut after the typing (`live.flush()`, runs 2 s after the last key, blocking the host)', ...keys.map((k) => ms(k.cutMs))],
          ],
        ),
        '',
        'The first two rows show why nothing on the keystroke path waits for a timer: a timer queued while the keydown is handled ' +
          'runs only after the next animation frame (~12 ms). The update leaves on the WebSocket while the keydown is handled; ' +
          'when the live channel is down the editor falls back to `content.pushBody` through a plain `httpLink` for the same reason.',
        '',
        `Checked: every run's first tree row has the expected title and \`aria-setsize\` (${BIG.sections} or ${SMALL.sections} ` +
          'top-level pages); every page opening shows the opening words of the page asked for; after each keystroke series the ' +
          'Yjs body ends with the keys typed, once each, and so does the read model once the revision is cut; no script or console error in the page.',
      ];
      return { markdown: lines.join('\n') };
    } finally {
      await app?.close();
      fx.close();
    }
  },
};

export default benchmark;
