import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { currentPageByPath } from '../../src-main/content/read-service';
import { startHost } from '../../src-main/http/server';
import { importIntoSpace } from '../../src-main/import/service';
import { createSite, publishSite } from '../../src-main/sites/service';
import { fmt, fmtRatio, sample, stats, table, type Benchmark } from '../lib/harness';
import { openFixture } from '../lib/fixture';

/** Spaces of these many pages, in folders of 100 (at most 100 siblings anywhere, as in `pages`). */
const SIZES = [10, 1_000, 10_000];
const RUNS = 40;
const WARMUP = 5;

const body = (n: number) =>
  `This page documents topic ${n}: how to install, configure and run it.\n\n## Example\n\n` +
  '```ts\nimport { client } from "acme";\nconst result = await client.run({ retries: 3 });\nconsole.log(result.ok);\n```\n\n' +
  `## Details\n\nMore about topic ${n}, with **emphasis** and a [link](https://example.com).\n`;

function markdownFolder(pages: number): string {
  const root = mkdtempSync(join(tmpdir(), 'folio-bench-site-'));
  for (let n = 0; n < pages; n += 1) {
    const dir = join(root, `part-${String(Math.floor(n / 100)).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, n % 100 === 0 ? 'README.md' : `topic-${String(n % 100).padStart(2, '0')}.md`), `# Topic ${n}\n\n${body(n)}`);
  }
  return root;
}

/**
 * A page of the published site (the preview: resolve the visitor, read the structure, the space's navigation
 * and the page, render markdown with highlighting, record a page view) against the baseline of the same page
 * read through /v1 as markdown, in spaces of growing size; and the site's search against /v1's space search.
 */
const benchmark: Benchmark = {
  name: 'sites',
  order: 60,
  title: 'Site preview: a published page and a search, against /v1',
  async run({ log }) {
    const rows: Array<Array<string | number>> = [];
    for (const size of SIZES) {
      const fx = openFixture({ allowFileImports: true });
      const folder = markdownFolder(size);
      try {
        const spaceId = fx.newSpace('Docs');
        const imported = await importIntoSpace(fx.ctx, spaceId, { url: pathToFileURL(folder).href, source: 'markdown' }, { limits: { maxFiles: size * 2, allowFileUrls: true } });
        if (imported.failures.length) throw new Error(`import failures: ${imported.failures.slice(0, 3).join('; ')}`);
        const site = createSite(fx.ctx, fx.orgId, { title: 'Bench site', spaces: [spaceId] });
        publishSite(fx.ctx, fx.orgId, site.id);
        const middle = Math.floor(size / 2);
        // The middle page (a topic, not a folder's README): part-000/topic-05 of 10 pages, part-050/topic-01 of 10,000.
        const pagePath = `part-${String(Math.floor(middle / 100)).padStart(3, '0')}/topic-${String(Math.max(1, middle % 100)).padStart(2, '0')}`;
        const pageId = currentPageByPath(fx.ctx, spaceId, pagePath).page_id;
        const host = await startHost(fx.app, { port: 0 });
        const headers = { authorization: `Bearer ${fx.token}` };
        const get = async (url: string, auth = false) => {
          const res = await fetch(`${host.url}${url}`, auth ? { headers } : {});
          const text = await res.text();
          if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 200)}`);
          return text;
        };
        const urls = {
          site: `/sites/${site.id}/${pagePath}`,
          v1: `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`,
          siteSearch: `/sites/${site.id}/~search?q=configure`,
          v1Search: `/v1/spaces/${spaceId}/search?query=configure`,
        };
        const html = await get(urls.site);
        if (!html.includes('<span class="hljs-keyword">')) throw new Error('the site page is not the highlighted page');
        const measure = async (url: string, auth: boolean) => stats(await sample(() => get(url, auth), { runs: RUNS, warmup: WARMUP })).median;
        const sitePage = await measure(urls.site, false);
        const v1 = await measure(urls.v1, true);
        const siteSearch = await measure(urls.siteSearch, false);
        const v1Search = await measure(urls.v1Search, true);
        log(`${size} pages: page ${fmt(sitePage)} ms vs ${fmt(v1)} ms; search ${fmt(siteSearch)} ms vs ${fmt(v1Search)} ms`);
        rows.push([
          size.toLocaleString('en-US'),
          fmt(sitePage),
          fmt(v1),
          fmtRatio(sitePage / v1),
          `${fmt(html.length / 1024, 0)} KB`,
          fmt(siteSearch),
          fmt(v1Search),
          fmtRatio(siteSearch / v1Search),
        ]);
        await host.close();
      } finally {
        fx.close();
        rmSync(folder, { recursive: true, force: true });
      }
    }
    return {
      markdown: [
        `Median of ${RUNS} GETs over loopback HTTP (after ${WARMUP} warm-up), in ms. The site page is a visitor's GET of a page`,
        'in the middle of the space (with its navigation folded to the page\'s branch, highlighted code, and a page view recorded);',
        'the baseline is the same page read through `/v1` as markdown by a script. Search: the site\'s search page',
        'against `/v1/spaces/{id}/search` for a word on every page.',
        '',
        table(['Pages', 'Site page', '/v1 page', 'Ratio', 'HTML size', 'Site search', '/v1 search', 'Ratio'], rows),
      ].join('\n'),
    };
  },
};

export default benchmark;
