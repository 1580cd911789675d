import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importIntoSpace } from '../../src-main/import/service';
import type { Fixture } from './fixture';
import { nowMs, yieldTurn } from './harness';

/**
 * A generated space imported from a GitBook-style markdown folder, the way benchmarks/pages.ts builds
 * its 10,000-page space (same layout, titles and bodies): `sections` folders, each a README.md (the
 * section page) and `perSection - 1` pages below it. One import is one transaction and one revision,
 * seconds for 10,000 pages where createPage one by one would take tens of minutes.
 */
export interface MarkdownSpaceLayout {
  sections: number;
  /** Pages per section, the section page included (1: top-level pages only). */
  perSection: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const sectionName = (s: number) => `section-${pad(s, 3)}`;
export const topicName = (i: number) => `topic-${pad(i, 2)}`;
/** The path of page `i` of section `s` (0: the section page itself). */
export const pagePath = (s: number, i: number) => (i === 0 ? sectionName(s) : `${sectionName(s)}/${topicName(i)}`);
export const pageTitle = (s: number, i: number) => (i === 0 ? `Section ${s}` : `Topic ${s}.${i}`);
/** The first words of a page's body, unique to the page (the colon keeps "topic 5.1" from matching "topic 5.10"). */
export const pageOpening = (s: number, i: number) => `This page documents topic ${s}.${i}:`;
/** A page body of about 150 characters (the `# title` line becomes the page title on import). */
export const pageBody = (s: number, i: number) =>
  `${pageOpening(s, i)} how to install, configure and run it.\n\n` +
  `## Details\n\nSee [the next page](${topicName(i + 1)}.md) and the section overview.\n`;

export function writeMarkdownFolder(layout: MarkdownSpaceLayout): string {
  const root = mkdtempSync(join(tmpdir(), 'folio-bench-import-'));
  for (let s = 0; s < layout.sections; s += 1) {
    const dir = join(root, sectionName(s));
    mkdirSync(dir);
    for (let i = 0; i < layout.perSection; i += 1) {
      writeFileSync(join(dir, i === 0 ? 'README.md' : `${topicName(i)}.md`), `# ${pageTitle(s, i)}\n\n${pageBody(s, i)}`);
    }
  }
  return root;
}

/** A new space of the fixture's organization holding the generated pages; the seconds the import took. */
export async function importMarkdownSpace(fx: Fixture, title: string, layout: MarkdownSpaceLayout): Promise<{ spaceId: string; seconds: number }> {
  const total = layout.sections * layout.perSection;
  const folder = writeMarkdownFolder(layout);
  try {
    const spaceId = fx.newSpace(title);
    const start = nowMs();
    const imported = await importIntoSpace(
      fx.ctx,
      spaceId,
      { url: pathToFileURL(folder).href, source: 'markdown' },
      { limits: { maxFiles: total * 2, allowFileUrls: true } },
    );
    const seconds = (nowMs() - start) / 1000;
    if (imported.failures.length) throw new Error(`import failures: ${imported.failures.slice(0, 3).join('; ')}`);
    if (imported.importedResources !== total) throw new Error(`imported ${imported.importedResources} pages, not ${total}`);
    await yieldTurn();
    return { spaceId, seconds };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
