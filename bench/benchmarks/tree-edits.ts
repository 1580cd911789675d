import { createPage, deletePage, movePage, updatePage } from '../../src-main/content/pages-service';
import { currentPageByPath } from '../../src-main/content/read-service';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark } from '../lib/harness';
import { openFixture, type Fixture } from '../lib/fixture';
import { importMarkdownSpace, pagePath, type MarkdownSpaceLayout } from '../lib/markdown-space';

/**
 * Tree edits (create, move, rename, delete: one transaction and one revision each) in a 100-page and
 * a 10,000-page space of the same shape (sections of pages): the goal of issue 17 is that an edit
 * costs what it changes, so the large space should cost at most twice the small one.
 */
const SMALL: MarkdownSpaceLayout = { sections: 10, perSection: 10 };
const LARGE: MarkdownSpaceLayout = { sections: 100, perSection: 100 };
const RUNS = 30;
const WARMUP = 20;
const OPS = ['create', 'move', 'rename', 'delete'] as const;
type Op = (typeof OPS)[number];

/** Median ms of each edit in a space of the given layout; edits touch one section's pages. */
async function timeEdits(fx: Fixture, layout: MarkdownSpaceLayout): Promise<Record<Op, number>> {
  const { spaceId } = await importMarkdownSpace(fx, `Tree ${layout.sections * layout.perSection}`, layout);
  const middle = Math.floor(layout.sections / 2);
  const sectionA = currentPageByPath(fx.ctx, spaceId, pagePath(middle, 0)).page_id;
  const sectionB = currentPageByPath(fx.ctx, spaceId, pagePath(middle + 1, 0)).page_id;
  const samples: Record<Op, number[]> = { create: [], move: [], rename: [], delete: [] };
  const timed = (op: Op, fn: () => unknown, measured: boolean) => {
    const start = nowMs();
    fn();
    if (measured) samples[op].push(nowMs() - start);
  };
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const measured = i >= WARMUP;
    let pageId = '';
    timed('create', () => (pageId = createPage(fx.ctx, spaceId, { title: `Edit ${i}`, parent: sectionA, markdown: `Edit ${i}.\n` }).pageId), measured);
    timed('move', () => movePage(fx.ctx, spaceId, pageId, { parent: sectionB }), measured);
    timed('rename', () => updatePage(fx.ctx, spaceId, pageId, { title: `Renamed ${i}` }), measured);
    timed('delete', () => deletePage(fx.ctx, spaceId, pageId), measured);
    await yieldTurn(); // background compaction of the tree document, as between real edits
  }
  return Object.fromEntries(OPS.map((op) => [op, stats(samples[op]).median])) as Record<Op, number>;
}

const benchmark: Benchmark = {
  name: 'tree-edits',
  order: 3,
  title: 'Tree edits in a 100-page and a 10,000-page space',
  async run({ log }) {
    const fx = openFixture({ allowFileImports: true });
    try {
      const small = await timeEdits(fx, SMALL);
      log(`100 pages: ${OPS.map((op) => `${op} ${fmt(small[op])} ms`).join(', ')}`);
      const large = await timeEdits(fx, LARGE);
      log(`10,000 pages: ${OPS.map((op) => `${op} ${fmt(large[op])} ms`).join(', ')}`);
      const rows = OPS.map((op) => [op, fmt(small[op]), fmt(large[op]), fmtRatio(large[op] / small[op])]);
      return {
        markdown:
          `Each edit is one service call (one transaction, one revision) on a page under a section of ` +
          `${SMALL.perSection} (small) or ${LARGE.perSection} (large) pages; median of ${RUNS} after ${WARMUP} warm-up rounds. ` +
          `Goal (issue 17): 10,000 / 100 ≤ 2×.\n\n` +
          table(['edit', 'ms at 100 pages', 'ms at 10,000 pages', '10,000 / 100'], rows),
      };
    } finally {
      fx.close();
    }
  },
};

export default benchmark;
