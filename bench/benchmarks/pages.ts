import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { currentPageByPath } from '../../src-main/content/read-service';
import { startHost } from '../../src-main/http/server';
import { importIntoSpace } from '../../src-main/import/service';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark, type Stats } from '../lib/harness';
import { openFixture, type Fixture } from '../lib/fixture';

/** 100 sections of 1 + 99 pages: 10,000 pages, at most 100 siblings anywhere. */
const SECTIONS = 100;
const PER_SECTION = 100;
const TOTAL = SECTIONS * PER_SECTION;
/** Pages created one createPage call each, to see how that cost grows with the space. */
const GROWTH_PAGES = 1_000;
const GROWTH_STEP = 100;
/** createPage / setPageMarkdown calls timed in the 10,000-page space. */
const WRITES_AT_SIZE = 5;
const RUNS = { user: 300, page: 40, section: 40, list: 12, searchCommon: 40, searchRare: 40, searchPrefix: 40, searchOrg: 40 };
const WARMUP = { user: 20, page: 5, section: 5, list: 2, searchCommon: 5, searchRare: 5, searchPrefix: 5, searchOrg: 5 };

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const sectionName = (s: number) => `section-${pad(s, 3)}`;
const topicName = (i: number) => `topic-${pad(i, 2)}`;
const title = (s: number, i: number) => (i === 0 ? `Section ${s}` : `Topic ${s}.${i}`);
/** A page body of about 200 characters (the `# title` line becomes the page title on import). */
const bodyOf = (s: number, i: number) =>
  `This page documents topic ${s}.${i}: how to install, configure and run it.\n\n` +
  `## Details\n\nSee [the next page](${topicName(i + 1)}.md) and the section overview.\n`;

/** Adds `count` pages with createPage, one transaction and one revision each; ms per page per step. */
async function growWithCreatePage(fx: Fixture, spaceId: string, count: number) {
  const steps: Array<{ upto: number; msPerPage: number }> = [];
  let parent: string | undefined;
  let stepStart = nowMs();
  for (let n = 0; n < count; n += 1) {
    const s = Math.floor(n / PER_SECTION);
    const i = n % PER_SECTION;
    const { pageId } = createPage(fx.ctx, spaceId, { title: title(s, i), parent: i === 0 ? undefined : parent, markdown: bodyOf(s, i) });
    if (i === 0) parent = pageId;
    if ((n + 1) % GROWTH_STEP === 0) {
      steps.push({ upto: n + 1, msPerPage: (nowMs() - stepStart) / GROWTH_STEP });
      await yieldTurn(); // background compaction of the tree document
      stepStart = nowMs();
    }
  }
  return steps;
}

/** The hand-written FTS5 query search is compared with: the 20 best sections and their snippets, nothing more. */
const FTS_TOP_20 = `SELECT s.page_id, s.anchor, s.title, snippet(search_sections, 1, '', '', '…', 40) AS snippet,
  bm25(search_sections, 5.0, 1.0) AS rank FROM search_sections s
  WHERE search_sections MATCH ? AND s.space_id = ? ORDER BY rank LIMIT 20`;

/**
 * A GitBook-style markdown folder: one folder per section (its README.md is the section page), 99 pages in each.
 * `rare.token`, generated per run, is written on the page `rare.s`.`rare.i` and nowhere else.
 */
function writeMarkdownFolder(rare: { s: number; i: number; token: string }): string {
  const root = mkdtempSync(join(tmpdir(), 'folio-bench-import-'));
  for (let s = 0; s < SECTIONS; s += 1) {
    const dir = join(root, sectionName(s));
    mkdirSync(dir);
    for (let i = 0; i < PER_SECTION; i += 1) {
      const extra = s === rare.s && i === rare.i ? `\nIts code name is ${rare.token}.\n` : '';
      writeFileSync(join(dir, i === 0 ? 'README.md' : `${topicName(i)}.md`), `# ${title(s, i)}\n\n${bodyOf(s, i)}${extra}`);
    }
  }
  return root;
}

function countPages(pages: Array<{ pages?: unknown[] }>): number {
  return pages.reduce((sum, p) => sum + 1 + countPages((p.pages ?? []) as Array<{ pages?: unknown[] }>), 0);
}

const benchmark: Benchmark = {
  name: 'pages',
  order: 2,
  title: `Read one page and list pages in a ${TOTAL.toLocaleString('en-US')}-page space over HTTP`,
  async run({ log }) {
    const fx = openFixture({ allowFileImports: true });
    const middle = SECTIONS / 2;
    // Letters only after a fixed prefix: one token to the FTS5 tokenizer, and no other word starts with it.
    const rare = { s: middle, i: 7, token: `zq${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}` };
    const folder = writeMarkdownFolder(rare);
    try {
      // 1. How createPage's cost grows with the size of the space.
      const growthSpace = fx.newSpace('Growth');
      const growthStart = nowMs();
      const growth = await growWithCreatePage(fx, growthSpace, GROWTH_PAGES);
      const growthSeconds = (nowMs() - growthStart) / 1000;
      log(`createPage ×${GROWTH_PAGES}: ${fmt(growthSeconds, 1)} s, last step ${fmt(growth.at(-1)!.msPerPage)} ms/page`);

      // 2. The 10,000-page space, imported from a markdown folder: one transaction, one revision.
      const spaceId = fx.newSpace('Big');
      const importStart = nowMs();
      const imported = await importIntoSpace(
        fx.ctx,
        spaceId,
        { url: pathToFileURL(folder).href, source: 'markdown' },
        { limits: { maxFiles: TOTAL * 2, allowFileUrls: true } },
      );
      const importSeconds = (nowMs() - importStart) / 1000;
      if (imported.failures.length) throw new Error(`import failures: ${imported.failures.slice(0, 3).join('; ')}`);
      log(`imported ${imported.importedResources} pages in ${fmt(importSeconds, 1)} s`);
      await yieldTurn();

      // 3. Reads over real HTTP.
      const target = currentPageByPath(fx.ctx, spaceId, `${sectionName(middle)}/${topicName(1)}`).page_id;
      const sectionPage = currentPageByPath(fx.ctx, spaceId, sectionName(middle)).page_id;
      const host = await startHost(fx.app, { port: 0 });
      const headers = { authorization: `Bearer ${fx.token}` };
      const get = async (path: string) => {
        const res = await fetch(`${host.url}${path}`, { headers });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
        return text;
      };
      const paths = {
        user: '/v1/user',
        page: `/v1/spaces/${spaceId}/content/page/${target}?format=markdown`,
        section: `/v1/spaces/${spaceId}/content/page/${sectionPage}?format=markdown`,
        list: `/v1/spaces/${spaceId}/content/pages`,
        // Search over all 10,000 pages: a word on every page, two words on one page, a prefix, the whole organization.
        searchCommon: `/v1/spaces/${spaceId}/search?query=configure`,
        searchRare: `/v1/spaces/${spaceId}/search?query=${rare.token}`,
        searchPrefix: `/v1/spaces/${spaceId}/search?query=instal`,
        searchOrg: `/v1/orgs/${fx.orgId}/search?query=configure`,
      };
      const page = JSON.parse(await get(paths.page)) as { id: string; title: string; markdown: string };
      if (page.id !== target || page.title !== title(middle, 1) || page.markdown.trim() !== bodyOf(middle, 1).trim()) {
        throw new Error('the page read is not the page imported');
      }
      const section = JSON.parse(await get(paths.section)) as { id: string; pages: unknown[] };
      if (section.id !== sectionPage || section.pages.length !== PER_SECTION - 1) throw new Error('the section page does not list its pages');
      const listText = await get(paths.list);
      const listed = countPages((JSON.parse(listText) as { pages: Array<{ pages?: unknown[] }> }).pages);
      if (listed !== TOTAL) throw new Error(`the listing has ${listed} pages, not ${TOTAL}`);
      const sizes = {
        user: (await get(paths.user)).length,
        page: JSON.stringify(page).length,
        section: JSON.stringify(section).length,
        list: listText.length,
        searchCommon: (await get(paths.searchCommon)).length,
        searchRare: (await get(paths.searchRare)).length,
        searchPrefix: (await get(paths.searchPrefix)).length,
        searchOrg: (await get(paths.searchOrg)).length,
      };
      const rarePage = currentPageByPath(fx.ctx, spaceId, `${sectionName(rare.s)}/${topicName(rare.i)}`).page_id;
      const found = JSON.parse(await get(paths.searchRare)) as { count: number; items: Array<{ id: string }> };
      if (found.count !== 1 || found.items.length !== 1 || found.items[0]!.id !== rarePage) {
        throw new Error(`search for the token on one page found ${found.items.map((item) => item.id).join(', ') || 'nothing'}, not ${rarePage}`);
      }

      // The search baseline: the hand-written FTS5 top-20 query for the common word on the same connection,
      // run alternately with the common-word search so that both see the same machine.
      const ftsTop20 = fx.app.db.prepare(FTS_TOP_20);
      const ftsSamples: number[] = [];
      const http = {} as Record<keyof typeof paths, Stats>;
      for (const key of Object.keys(paths) as Array<keyof typeof paths>) {
        for (let i = 0; i < WARMUP[key]; i += 1) await get(paths[key]);
        const samples: number[] = [];
        for (let i = 0; i < RUNS[key]; i += 1) {
          if (key === 'searchCommon') {
            const t = nowMs();
            ftsTop20.all('"configure"*', spaceId);
            ftsSamples.push(nowMs() - t);
          }
          const t = nowMs();
          await get(paths[key]);
          samples.push(nowMs() - t);
        }
        http[key] = stats(samples);
        log(`GET ${key}: median ${fmt(http[key].median)} ms`);
      }
      await host.close();
      const fts = stats(ftsSamples);
      log(`FTS5 top-20 query: median ${fmt(fts.median)} ms; search over HTTP ${fmtRatio(http.searchCommon.median / fts.median)}`);

      // 4. Single writes in the big space through the services.
      const createMs: number[] = [];
      const markdownMs: number[] = [];
      for (let i = 0; i < WRITES_AT_SIZE; i += 1) {
        let t = nowMs();
        createPage(fx.ctx, spaceId, { title: `Late page ${i}`, markdown: `Late page ${i}.\n` });
        createMs.push(nowMs() - t);
        t = nowMs();
        setPageMarkdown(fx.ctx, spaceId, target, `${bodyOf(middle, 1)}\nEdit ${i}.\n`);
        markdownMs.push(nowMs() - t);
        await yieldTurn();
      }
      const createAtSize = stats(createMs);
      const markdownAtSize = stats(markdownMs);
      log(`createPage at ${TOTAL}: ${fmt(createAtSize.median)} ms; setPageMarkdown: ${fmt(markdownAtSize.median)} ms`);

      const first = growth[0]!;
      const last = growth.at(-1)!;
      const estimateMinutes = (TOTAL * createAtSize.median) / 2 / 1000 / 60;
      const httpRow = (label: string, key: keyof typeof paths) => [
        label,
        `${fmt(sizes[key] / 1024, 1)} KiB`,
        String(RUNS[key]),
        fmt(http[key].median),
        fmt(http[key].p95),
        fmtRatio(http[key].median / http.user.median),
      ];
      const n = (value: number) => value.toLocaleString('en-US');
      const lines = [
        `Space layout: ${SECTIONS} top-level pages with ${PER_SECTION - 1} child pages each (${n(TOTAL)} document pages, at most ` +
          `${PER_SECTION} siblings anywhere), every page with a ~150-character markdown body.`,
        '',
        '### Building the space',
        '',
        `The space is built with the import service (\`importIntoSpace\`, source \`markdown\`, from a local folder of ${SECTIONS} ` +
          `section folders, each a README.md and ${PER_SECTION - 1} pages): one transaction and one revision for all ${n(TOTAL)} pages, ` +
          `**${fmt(importSeconds, 1)} s** (${fmt((importSeconds * 1000) / TOTAL)} ms per page, reading the folder included).`,
        '',
        `For comparison, createPage (one transaction and one revision per page), timed over the first ${n(GROWTH_PAGES)} pages of another ` +
          'space with the same layout:',
        '',
        table(
          ['pages already in the space', 'ms per createPage'],
          growth.map((g) => [`${n(g.upto - GROWTH_STEP)}–${n(g.upto)}`, fmt(g.msPerPage)]),
        ),
        '',
        `${n(GROWTH_PAGES)} pages took ${fmt(growthSeconds, 1)} s; the cost per page grew ${fmtRatio(last.msPerPage / first.msPerPage)} ` +
          `from the first ${GROWTH_STEP} to the last ${GROWTH_STEP}. In the ${n(TOTAL)}-page space one createPage takes ` +
          `${fmt(createAtSize.median)} ms (median of ${WRITES_AT_SIZE}, p95 ${fmt(createAtSize.p95)} ms), so building the space with ` +
          `createPage would take roughly ${fmt(estimateMinutes, 0)} minutes (an estimate: ${n(TOTAL)} × half that cost, the cost having ` +
          `grown about linearly with the page count). setPageMarkdown on one page of the ${n(TOTAL)}-page space: ` +
          `${fmt(markdownAtSize.median)} ms median (p95 ${fmt(markdownAtSize.p95)} ms, ${WRITES_AT_SIZE} calls).`,
        '',
        '### Reads over HTTP',
        '',
        'Real HTTP against `startHost` on 127.0.0.1 with `fetch` (keep-alive), one request at a time, timed until the whole body is ' +
          'received. Baseline: `GET /v1/user` on the same server (authentication, routing and presenting one small object).',
        '',
        table(
          ['request', 'response', 'runs', 'median ms', 'p95 ms', 'ratio to baseline'],
          [
            httpRow('`GET /v1/user` (baseline)', 'user'),
            httpRow('`GET …/content/page/{pageId}?format=markdown` (a page without children)', 'page'),
            httpRow(`\`GET …/content/page/{pageId}?format=markdown\` (a top-level page with ${PER_SECTION - 1} children)`, 'section'),
            httpRow('`GET …/content/pages`', 'list'),
            httpRow('`GET …/search?query=configure` (a word on every page; first 20 results)', 'searchCommon'),
            httpRow('`GET …/search?query={token}` (a generated token on one page)', 'searchRare'),
            httpRow('`GET …/search?query=instal` (a prefix)', 'searchPrefix'),
            httpRow('`GET /v1/orgs/{id}/search?query=configure` (the organization)', 'searchOrg'),
          ],
        ),
        '',
        `Search runs over SQLite FTS5 on the sections of all ${n(TOTAL)} pages (a page per result, ranked with BM25); p50 and p95 are ` +
          'the median and p95 columns above. Checked: a token generated for the run and written on one page (topic ' +
          `${rare.s}.${rare.i}) finds exactly that page.`,
        '',
        `Baseline for search: the hand-written FTS5 query for the 20 best sections of \`configure\` with their snippets ` +
          `(\`ORDER BY bm25 LIMIT 20\` on the same connection, no HTTP, run alternately with that search): median ${fmt(fts.median)} ms (p95 ${fmt(fts.p95)} ms, ` +
          `${RUNS.searchCommon} runs). \`GET …/search?query=configure\` over HTTP takes ` +
          `**${fmtRatio(http.searchCommon.median / fts.median)}** that (ranking in SQL over the space's block of rowids, then snippets for the sections shown only).`,
        '',
        `Checked: the page read returns the imported page's title and markdown, the top-level page nests its ${PER_SECTION - 1} ` +
          `pages (a page is presented with its children), and the listing nests all ${n(TOTAL)} pages (GitBook's ` +
          "schema makes every document page of a listing carry its body, so the listing holds every page's markdown).",
      ];
      return { markdown: lines.join('\n') };
    } finally {
      fx.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

export default benchmark;
