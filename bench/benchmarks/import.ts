import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importMarkdownTree } from '../../src-main/import/markdown';
import { importIntoSpace } from '../../src-main/import/service';
import { treeOfMap } from '../../src-main/import/source';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark } from '../lib/harness';
import { openFixture } from '../lib/fixture';

const SECTIONS = 10;
const PER_SECTION = 100;
const TOTAL = SECTIONS * PER_SECTION;
const RUNS = 3;

/** A generated GitBook-style markdown folder: 10 section folders of a README.md and 99 pages, ~1 KB each. */
function writeFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'folio-bench-1000-'));
  const paragraph = (s: number, i: number) =>
    `Topic ${s}.${i} explains how to install, configure and operate one part of the product, with examples and caveats. `.repeat(3);
  for (let s = 0; s < SECTIONS; s += 1) {
    const dir = join(root, `section-${s}`);
    mkdirSync(dir);
    for (let i = 0; i < PER_SECTION; i += 1) {
      const body = [`# ${i === 0 ? `Section ${s}` : `Topic ${s}.${i}`}`, paragraph(s, i), '## Usage', '```sh\nnpm run example\n```', `- one\n- two\n\nNext: [topic](topic-${i + 1}.md)`, paragraph(s, i)].join('\n\n');
      writeFileSync(join(dir, i === 0 ? 'README.md' : `topic-${i}.md`), `${body}\n`);
    }
  }
  return root;
}

function readTree(root: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(root, full), new Uint8Array(readFileSync(full)));
    }
  };
  walk(root);
  return files;
}

const benchmark: Benchmark = {
  name: 'import',
  order: 3,
  title: `Import ${TOTAL.toLocaleString('en-US')} generated markdown pages`,
  async run({ log }) {
    const folder = writeFolder();
    const fx = openFixture({ allowFileImports: true });
    try {
      // Baseline: reading the folder and building the import plan in memory (no store at all).
      const baseline: number[] = [];
      for (let run = 0; run < RUNS + 1; run += 1) {
        const t = nowMs();
        const plan = await importMarkdownTree(treeOfMap(readTree(folder)));
        if (run > 0) baseline.push(nowMs() - t);
        if (plan.pages.length !== SECTIONS) throw new Error(`the plan has ${plan.pages.length} top-level pages, not ${SECTIONS}`);
      }
      const folio: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const spaceId = fx.newSpace(`Import ${run}`);
        const t = nowMs();
        const result = await importIntoSpace(fx.ctx, spaceId, { url: pathToFileURL(folder).href, source: 'markdown' }, { limits: { allowFileUrls: true } });
        folio.push(nowMs() - t);
        if (result.importedResources !== TOTAL) throw new Error(`imported ${result.importedResources} of ${TOTAL}`);
        log(`import run ${run + 1}: ${fmt(folio.at(-1)! / 1000, 2)} s`);
        await yieldTurn();
      }
      const b = stats(baseline);
      const f = stats(folio);
      const lines = [
        `A generated folder of ${SECTIONS} sections (a README.md and ${PER_SECTION - 1} pages each, ~1 KB of markdown per page with ` +
          'headings, a code block, a list and a link), imported with `importIntoSpace` (source `markdown`, a `file://` folder) into a ' +
          `fresh space, ${RUNS} runs. Baseline: reading the same folder and building the import plan in memory, without writing anything.`,
        '',
        table(
          ['', 'median s', 'p95 s', 'ms per page', 'ratio'],
          [
            ['baseline: read + plan', fmt(b.median / 1000, 3), fmt(b.p95 / 1000, 3), fmt(b.median / TOTAL, 3), '1.00×'],
            ['Folio import (one transaction, one revision)', fmt(f.median / 1000, 2), fmt(f.p95 / 1000, 2), fmt(f.median / TOTAL), fmtRatio(f.median / b.median)],
          ],
        ),
        '',
        'The import writes, per page, the tree record (one Yjs document for the tree), a Yjs body document, the read model, the search ' +
          'index and the links, then one revision; every run is checked to import all pages.',
      ];
      return { markdown: lines.join('\n') };
    } finally {
      fx.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

export default benchmark;
