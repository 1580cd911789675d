import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { exportZip, type Files, importFolder, importZip, readFolder, text, unzip } from './repository-support';

// The two real GitBook Git Sync repositories of the corpus (see its README), imported, exported, and
// the export imported and exported again.
const CORPUS = '/work/shared/data/gitbook-corpus';
const server = useTestServer({ config: { allowFileImports: true } });

/** SUMMARY.md's entries: file → title (both corpora write plain `* [Title](file.md)` lines). */
function summaryTitles(summary: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const line of summary.split('\n')) {
    const entry = /^\s*\* \[(.+)\]\((.+)\)$/.exec(line);
    if (entry && !/^https?:/.test(entry[2]!)) titles.set(decodeURIComponent(entry[2]!), entry[1]!);
  }
  return titles;
}

/**
 * Every way the export may differ from the repository it was imported from, each a normalisation
 * GitBook makes itself (or a file that is not content); anything else is reported with its path.
 *
 * - a file neither markdown nor under `.gitbook/assets/` (LICENSE): not content, not imported;
 * - a markdown file SUMMARY.md does not list: not a page (GitBook's Git Sync ignores it too);
 * - an asset no exported page names (only such unlisted files used it): not a file of the space;
 * - a page whose `# heading` differs from its SUMMARY.md title: GitBook keeps one title per page and
 *   writes it in both places, so the heading becomes the title; the rest of the file is unchanged.
 */
function unexplainedDifferences(source: Files, exported: Files): string[] {
  const titles = summaryTitles(text(source.get('SUMMARY.md'))!);
  const exportedText = [...exported].filter(([path]) => path.endsWith('.md')).map(([, bytes]) => text(bytes)!).join('\n');
  const problems: string[] = [];
  for (const [path, bytes] of source) {
    const out = exported.get(path);
    if (out && Buffer.from(out).equals(Buffer.from(bytes))) continue;
    if (!out) {
      if (!path.endsWith('.md') && !path.startsWith('.gitbook/')) continue;
      if (path.endsWith('.md') && path !== 'SUMMARY.md' && !titles.has(path)) continue;
      const name = path.slice('.gitbook/assets/'.length);
      if (path.startsWith('.gitbook/assets/') && !exportedText.includes(name) && !exportedText.includes(encodeURI(name))) continue;
      problems.push(`missing: ${path}`);
      continue;
    }
    const title = titles.get(path);
    const retitled = title === undefined ? undefined : text(bytes)!.replace(/^# .*$/m, `# ${title}`);
    if (retitled !== text(out)) problems.push(`differs: ${path}`);
  }
  for (const path of exported.keys()) if (!source.has(path)) problems.push(`added: ${path}`);
  return problems;
}

describe.each([
  ['BeefreeSDK-beefree-sdk-docs', 3],
  ['MirrorNetworking-MirrorDocs', 1],
])('the GitBook repository %s, imported and exported', (name, retitledCount) => {
  const folder = join(CORPUS, name);
  let source: Files;
  let first: Uint8Array;
  let exported: Files;
  beforeAll(async () => {
    source = readFolder(folder);
    const { spaceId } = await importFolder(server, folder);
    first = await exportZip(server, spaceId);
    exported = unzip(first);
  }, 180_000);

  it('differs from its source only where GitBook normalises', () => {
    expect(unexplainedDifferences(source, exported)).toEqual([]);
  });

  it('gives back every page file byte for byte, but the headings GitBook retitles from SUMMARY.md', () => {
    const titles = summaryTitles(text(source.get('SUMMARY.md'))!);
    const differing = [...titles.keys()].filter((path) => !Buffer.from(exported.get(path)!).equals(Buffer.from(source.get(path)!)));
    const retitled = [...titles].filter(([path, title]) => /^# (.*)$/m.exec(text(source.get(path))!)?.[1] !== title).map(([path]) => path);
    expect(differing).toEqual(retitled);
    expect(retitled).toHaveLength(retitledCount);
    expect(text(exported.get('SUMMARY.md'))).toBe(text(source.get('SUMMARY.md')));
  });

  it('exports the same bytes again after importing its own export', async () => {
    const again = await importZip(server, first);
    expect(again.result.failures).toEqual([]);
    const second = unzip(await exportZip(server, again.spaceId));
    expect([...second.keys()]).toEqual([...exported.keys()]);
    const differing = [...exported].filter(([path, bytes]) => !Buffer.from(second.get(path)!).equals(Buffer.from(bytes))).map(([path]) => path);
    expect(differing).toEqual([]);
  }, 180_000);
});

describe('the Beefree repository', () => {
  it("writes back its .gitbook.yaml, redirects in the source's order", async () => {
    const folder = join(CORPUS, 'BeefreeSDK-beefree-sdk-docs');
    const { spaceId } = await importFolder(server, folder);
    const exported = unzip(await exportZip(server, spaceId));
    expect(text(exported.get('.gitbook.yaml'))).toBe(text(readFolder(folder).get('.gitbook.yaml')));
  }, 180_000);
});
