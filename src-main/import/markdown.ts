import { posix } from 'node:path';
import { AssetCollector } from './asset-collector';
import { CONFIG_FILE, DEFAULT_CONFIG, readGitBookConfig } from './gitbook-config';
import { readIncludes } from './includes';
import { MARKDOWN, pageFromMarkdown } from './markdown-page';
import type { ImportedPage, ImportPlan } from './plan';
import type { SourceTree } from './source';
import { redirectsOf } from './redirect-targets';
import { parseSummary } from './summary';
import { pagesFromSummary, summaryFiles } from './summary-pages';

export { pageFromMarkdown } from './markdown-page';

const decoder = new TextDecoder();

/**
 * A folder of markdown laid out as GitBook's Git Sync lays it out. `.gitbook.yaml` names the content
 * folder (`root`), the first page (`structure.readme`) and the table of contents
 * (`structure.summary`). SUMMARY.md gives the page tree (summary.ts, summary-pages.ts); without it,
 * folders become parent pages (their README.md is the body) and files pages, in name order. The
 * readme is the first page. Slugs come from file paths, so relative links between pages keep
 * working; the files pages use are imported and their links pointed at `.gitbook/assets/`.
 *
 * `.gitbook.yaml`'s redirects are kept, each leading to the page its target file became (redirect-targets.ts).
 *
 * Only the markdown pages and the files they use are read (and counted against the size limit).
 * `totalResources` is the pages the source lists (SUMMARY.md's entries, else its markdown files)
 * and the files its pages use, so what is imported never exceeds it.
 */
export async function importMarkdownTree(source: SourceTree): Promise<ImportPlan> {
  const failures: string[] = [];
  let config = DEFAULT_CONFIG;
  if (source.has(CONFIG_FILE)) {
    const read = readGitBookConfig(decoder.decode(await source.read(CONFIG_FILE)));
    config = read.config;
    failures.push(...read.problems);
  }
  const tree = config.root ? within(source, config.root) : source;
  const assets = new AssetCollector(tree);
  const texts = new Map<string, string>();
  const readTexts = async (paths: Iterable<string>) => {
    for (const path of paths) if (!texts.has(path)) texts.set(path, decoder.decode(await tree.read(path)));
  };
  const pageOfFile = new Map<string, ImportedPage>();
  const toPage = (path: string, title?: string, children: ImportedPage[] = []) => {
    const page = pageFromMarkdown(path, texts.get(path)!, { assets, title, children, failures });
    page.file = path;
    if (!pageOfFile.has(path)) pageOfFile.set(path, page);
    return page;
  };
  const readme = find(tree, config.readme);
  const summaryPath = find(tree, config.summary);

  let pages: ImportedPage[];
  let listed: number;
  if (summaryPath) {
    const nodes = parseSummary(decoder.decode(await tree.read(summaryPath)));
    const files = { summaryPath, has: (path: string) => tree.has(path) };
    await readTexts(summaryFiles(nodes, files));
    const fromSummary = pagesFromSummary(nodes, files, toPage, failures);
    pages = fromSummary.pages;
    listed = fromSummary.entries;
    // GitBook's first page is the readme, listed in SUMMARY.md or not.
    if (readme && !fromSummary.imported.has(readme)) {
      await readTexts([readme]);
      pages.unshift(toPage(readme));
      listed += 1;
    }
  } else {
    const markdown = tree.paths.filter((p) => MARKDOWN.test(p) && !p.startsWith('.gitbook/'));
    await readTexts(markdown);
    pages = fromFolders(markdown, readme, toPage);
    listed = markdown.length;
  }
  if (pages.length === 0 && config.root && tree.paths.length === 0) failures.push(`${CONFIG_FILE}: its root "${config.root}" holds no files`);
  // Before loading the files: the reusable contents' bodies use files too.
  const reusables = await readIncludes(tree, assets, failures);
  const files = await assets.load();
  const redirects = redirectsOf(config.redirects, (path) => pageOfFile.get(path), failures);
  return {
    pages,
    files,
    totalResources: listed + files.length + reusables.length,
    failures,
    ...(reusables.length ? { reusables } : {}),
    ...(redirects.length ? { redirects } : {}),
  };
}

/** Without SUMMARY.md: the readme first, then files and folders in name order, a folder's README its page. */
function fromFolders(markdown: string[], readme: string | undefined, toPage: (path: string) => ImportedPage): ImportedPage[] {
  const build = (dir: string): ImportedPage[] => {
    const prefix = dir ? `${dir}/` : '';
    const direct: string[] = [];
    const folders = new Set<string>();
    for (const path of markdown) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      if (rest.includes('/')) folders.add(rest.split('/')[0]!);
      // A folder's README.md is the folder's page; the readme is the first page.
      else if (path !== readme && !(dir && /^readme\.md$/i.test(rest))) direct.push(path);
    }
    const pages: Array<[string, ImportedPage]> = direct.map((path) => [posix.basename(path), toPage(path)]);
    for (const folder of folders) {
      const children = build(`${prefix}${folder}`);
      const folderReadme = markdown.find((p) => p !== readme && p.toLowerCase() === `${prefix}${folder}/readme.md`.toLowerCase());
      if (!folderReadme && children.length === 0) continue;
      const page = folderReadme ? toPage(folderReadme) : { title: folder.replace(/[-_]+/g, ' '), slug: folder, markdown: '', children: [], synthetic: true };
      page.children = children;
      pages.push([folder, page]);
    }
    return pages.sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })).map(([, page]) => page);
  };
  const rest = build('');
  return readme ? [toPage(readme), ...rest] : rest;
}

/** The tree below `root`, paths relative to it. */
function within(source: SourceTree, root: string): SourceTree {
  const prefix = `${root}/`;
  const paths = source.paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  return { paths, has: (path) => source.has(prefix + path), read: (path) => source.read(prefix + path) };
}

/** A configured file: as named, else (GitBook's README.md / SUMMARY.md) in any letter case. */
function find(tree: SourceTree, path: string): string | undefined {
  if (tree.has(path)) return path;
  return tree.paths.find((p) => p.toLowerCase() === path.toLowerCase());
}
