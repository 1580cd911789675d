import { posix } from 'node:path';
import { contentTypeOf, type FileTree } from './source';
import type { ImportedFile, ImportedPage, ImportPlan } from './plan';

const decoder = new TextDecoder();
const MARKDOWN = /\.(md|markdown)$/i;

/**
 * A folder of markdown laid out as GitBook lays it out: SUMMARY.md gives the page tree (nested list
 * items, `##` headings as parent pages); without it, folders become parent pages (their README.md
 * is the body) and files pages, in name order. Slugs come from file names, so relative links between
 * pages keep working; files the pages use are imported and their links pointed at `.gitbook/assets/`.
 */
export function importMarkdownTree(files: FileTree): ImportPlan {
  const summaryPath = [...files.keys()].find((p) => /^summary\.md$/i.test(p));
  const assets = new AssetCollector(files);
  const failures: string[] = [];
  const toPage = (path: string, title?: string, children: ImportedPage[] = []): ImportedPage | undefined => {
    const bytes = files.get(path);
    if (!bytes) {
      failures.push(`${path}: listed in SUMMARY.md but not in the folder`);
      return undefined;
    }
    return pageFromMarkdown(path, decoder.decode(bytes), assets, title, children);
  };
  const pages = summaryPath ? fromSummary(decoder.decode(files.get(summaryPath)!), toPage) : fromFolders(files, toPage);
  const markdownCount = [...files.keys()].filter((p) => MARKDOWN.test(p) && p !== summaryPath).length;
  return { pages, files: assets.files, totalResources: markdownCount + assets.files.length, failures };
}

/** One markdown file as one page: its first `# heading` (or front matter title) is the title. */
export function pageFromMarkdown(
  path: string,
  source: string,
  assets?: AssetCollector,
  title?: string,
  children: ImportedPage[] = [],
): ImportedPage {
  let markdown = source.replace(/^\uFEFF/, '');
  let frontTitle: string | undefined;
  let description: string | undefined;
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(markdown);
  if (front) {
    frontTitle = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]!)?.[1];
    description = /^description:\s*["']?(.+?)["']?\s*$/m.exec(front[1]!)?.[1];
    markdown = markdown.slice(front[0].length);
  }
  const heading = /^\s*#\s+(.+?)\s*#*\s*(\r?\n|$)/.exec(markdown);
  if (heading) markdown = markdown.slice(heading[0].length).replace(/^\s*\n/, '');
  const base = posix.basename(path).replace(MARKDOWN, '');
  const isReadme = /^readme$/i.test(base);
  const folder = posix.basename(posix.dirname(path));
  const fallback = isReadme ? (folder && folder !== '.' ? folder : 'Introduction') : base;
  return {
    title: (title ?? frontTitle ?? heading?.[1] ?? fallback.replace(/[-_]+/g, ' ')).trim() || 'Untitled',
    slug: isReadme ? (folder && folder !== '.' ? folder : undefined) : base,
    markdown: assets ? assets.rewrite(path, markdown) : markdown,
    description,
    children,
  };
}

function fromSummary(summary: string, toPage: (path: string, title?: string, children?: ImportedPage[]) => ImportedPage | undefined) {
  const roots: ImportedPage[] = [];
  const stack: Array<{ indent: number; children: ImportedPage[] }> = [{ indent: -1, children: roots }];
  let group: ImportedPage | undefined;
  for (const line of summary.split(/\r?\n/)) {
    const heading = /^#{2,}\s+(.+?)\s*$/.exec(line);
    if (heading) {
      group = { title: heading[1]!, markdown: '', children: [], synthetic: true };
      roots.push(group);
      stack.length = 1;
      stack[0] = { indent: -1, children: group.children };
      continue;
    }
    const item = /^(\s*)[*+-]\s+\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/.exec(line);
    if (!item) continue;
    const indent = item[1]!.replace(/\t/g, '    ').length;
    while (stack.length > 1 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const children: ImportedPage[] = [];
    const path = decodeURIComponent(item[3]!.split('#')[0]!).replace(/^\.\//, '');
    const page = toPage(path, item[2]!, children);
    if (!page) continue;
    stack[stack.length - 1]!.children.push(page);
    stack.push({ indent, children });
  }
  return roots;
}

function fromFolders(files: FileTree, toPage: (path: string) => ImportedPage | undefined) {
  const build = (dir: string): ImportedPage[] => {
    const prefix = dir ? `${dir}/` : '';
    const entries = [...files.keys()].filter((p) => p.startsWith(prefix) && p !== prefix);
    const direct = new Set<string>();
    const folders = new Set<string>();
    for (const path of entries) {
      const rest = path.slice(prefix.length);
      if (rest.includes('/')) folders.add(rest.split('/')[0]!);
      else if (MARKDOWN.test(rest) && !/^(readme|summary)\.md$/i.test(rest)) direct.add(path);
    }
    const pages: Array<[string, ImportedPage]> = [];
    for (const path of direct) {
      const page = toPage(path);
      if (page) pages.push([posix.basename(path), page]);
    }
    for (const folder of folders) {
      if (folder === '.gitbook') continue;
      const children = build(`${prefix}${folder}`);
      const readme = [...files.keys()].find((p) => p.toLowerCase() === `${prefix}${folder}/readme.md`.toLowerCase());
      const page = readme ? toPage(readme) : { title: folder.replace(/[-_]+/g, ' '), slug: folder, markdown: '', children: [], synthetic: true };
      if (!page || (!readme && children.length === 0)) continue;
      page.children = children;
      pages.push([folder, page]);
    }
    return pages.sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })).map(([, page]) => page);
  };
  const rootReadme = [...files.keys()].find((p) => /^readme\.md$/i.test(p));
  const rest = build('');
  const intro = rootReadme ? toPage(rootReadme) : undefined;
  return intro ? [intro, ...rest] : rest;
}

/** Files referenced by imported pages, each imported once under a unique name. */
export class AssetCollector {
  readonly files: ImportedFile[] = [];
  private readonly byPath = new Map<string, string>();

  constructor(private readonly tree: FileTree) {}

  /** Points links and images at files of the folder to `.gitbook/assets/<name>`, importing those files. */
  rewrite(pagePath: string, markdown: string): string {
    const dir = posix.dirname(pagePath);
    const link = /(!?\[[^\]]*\]\()(<[^>]+>|[^)\s]+)((?:\s+"[^"]*")?\))/g;
    const replace = (whole: string, head: string, target: string, tail: string) => {
      const raw = target.replace(/^<|>$/g, '');
      if (/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(raw) || MARKDOWN.test(raw.split('#')[0]!)) return whole;
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw.split(/[?#]/)[0]!);
      } catch {
        return whole;
      }
      const resolved = posix.normalize(posix.join(dir === '.' ? '' : dir, decoded)).replace(/^\.\//, '');
      const name = this.add(resolved);
      return name ? `${head}.gitbook/assets/${encodeURIComponent(name)}${tail}` : whole;
    };
    let out = markdown.replace(link, replace);
    out = out.replace(/(<img[^>]*\ssrc=")([^"]+)(")/g, (whole, head: string, src: string, tail: string) => {
      const replaced = replace(whole, '', src, '');
      return replaced === whole ? whole : `${head}${replaced}${tail}`;
    });
    return out;
  }

  private add(path: string): string | undefined {
    const known = this.byPath.get(path);
    if (known) return known;
    const bytes = this.tree.get(path);
    if (!bytes) return undefined;
    const base = posix.basename(path);
    let name = base;
    for (let n = 2; this.files.some((f) => f.name === name); n += 1) name = base.replace(/(\.[^.]*)?$/, `-${n}$1`);
    this.files.push({ name, contentType: contentTypeOf(path), bytes });
    this.byPath.set(path, name);
    return name;
  }
}
