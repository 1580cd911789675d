import { posix } from 'node:path';
import { cleanSlug, MARKDOWN } from './markdown-page';
import type { ImportedPage } from './plan';
import type { SummaryEntry, SummaryNode } from './summary';

/** Where a SUMMARY.md entry points, resolved against the repository's files. */
type Target =
  | { kind: 'file'; path: string; href: string; anchor: boolean }
  | { kind: 'url'; href: string }
  | { kind: 'none'; reason: string };

interface SummaryFiles {
  /** SUMMARY.md's path (links in it are relative to its folder). */
  summaryPath: string;
  has(path: string): boolean;
}

interface SummaryPages {
  pages: ImportedPage[];
  /** Entries of SUMMARY.md (not its groups): resources of the source, imported or not. */
  entries: number;
  /** The files made pages, by path. */
  imported: Set<string>;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** The markdown files SUMMARY.md makes pages of: what must be read before `pagesFromSummary`. */
export function summaryFiles(nodes: SummaryNode[], files: SummaryFiles): string[] {
  return [...new Set(entriesOf(nodes).flatMap((entry) => {
    const target = resolveTarget(entry, files);
    return target.kind === 'file' && files.has(target.path) ? [target.path] : [];
  }))];
}

/**
 * The page tree SUMMARY.md describes. Groups become group pages; an entry becomes a page of its
 * file. Each file is imported once: at its first entry without an anchor (else its first entry);
 * every other entry for it (a `file.md#section` entry, a file listed twice) is a link page to it,
 * as is an entry pointing at a URL. GitBook's link pages hold no pages, so the entries nested under
 * a link, or under an entry that could not be imported, take its place. Every entry is either a
 * page or one of `failures`, with the reason.
 */
export function pagesFromSummary(
  nodes: SummaryNode[],
  files: SummaryFiles,
  page: (path: string, title: string, children: ImportedPage[]) => ImportedPage,
  failures: string[],
): SummaryPages {
  const targets = new Map<SummaryEntry, Target>();
  const home = new Map<string, SummaryEntry>();
  for (const entry of entriesOf(nodes)) {
    const target = resolveTarget(entry, files);
    targets.set(entry, target);
    if (target.kind !== 'file' || !files.has(target.path)) continue;
    const first = home.get(target.path);
    if (!first || (!target.anchor && (targets.get(first) as { anchor: boolean }).anchor)) home.set(target.path, entry);
  }
  let entries = 0;
  const imported = new Set<string>();
  const build = (list: SummaryEntry[]): ImportedPage[] => {
    const out: ImportedPage[] = [];
    for (const entry of list) {
      const children = build(entry.children);
      const target = targets.get(entry)!;
      if (!entry.title && target.kind === 'none') {
        out.push(...children); // an empty bullet: nothing there to import
        continue;
      }
      entries += 1;
      const label = entry.title || ('href' in target ? target.href : 'an entry');
      if (target.kind === 'none') {
        failures.push(`"${label}": ${target.reason}`);
        out.push(...children);
      } else if (target.kind === 'url' || (files.has(target.path) && home.get(target.path) !== entry)) {
        out.push({ kind: 'link', title: label, href: target.href, markdown: '', children: [] }, ...children);
      } else if (!files.has(target.path)) {
        failures.push(`${target.path}: listed in SUMMARY.md but not in the folder`);
        out.push(...children);
      } else {
        const made = page(target.path, entry.title, children);
        // The top README (the space's first page) has no folder to name it; GitBook keeps its
        // pages in the folder of its slug, so their folder gives it back.
        if (!made.slug) made.slug = childFolderSlug(entry, targets);
        imported.add(target.path);
        out.push(made);
      }
    }
    return out;
  };
  const pages = nodes.map((node): ImportedPage[] => {
    if (node.kind === 'entry') return build([node]);
    const slug = node.slug ? cleanSlug(node.slug) : undefined;
    return [{ kind: 'group', title: node.title, ...(slug ? { slug } : {}), markdown: '', children: build(node.children), synthetic: true }];
  });
  return { pages: pages.flat(), entries, imported };
}

function entriesOf(nodes: SummaryNode[]): SummaryEntry[] {
  const out: SummaryEntry[] = [];
  const walk = (entry: SummaryEntry) => {
    out.push(entry);
    entry.children.forEach(walk);
  };
  for (const node of nodes) (node.kind === 'entry' ? [node] : node.children).forEach(walk);
  return out;
}

/** An entry's link: a URL, or a file of the repository (relative to SUMMARY.md's folder, `/` its top). */
function resolveTarget(entry: SummaryEntry, files: SummaryFiles): Target {
  const href = entry.href?.trim();
  if (!href) return { kind: 'none', reason: 'an entry of SUMMARY.md without a link' };
  if (SCHEME.test(href)) return { kind: 'url', href };
  const hash = href.indexOf('#');
  const [pathPart, anchor] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash + 1)];
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart.split('?')[0]!);
  } catch {
    return { kind: 'none', reason: `its link "${href}" is not a valid path` };
  }
  if (!decoded) return { kind: 'none', reason: `its link "${href}" points at no page` };
  const base = decoded.startsWith('/') ? '' : posix.dirname(files.summaryPath);
  const joined = posix.normalize(posix.join(base, decoded.replace(/^\/+/, ''))).replace(/\/+$/, '');
  if (joined === '..' || joined.startsWith('../')) return { kind: 'none', reason: `its link "${href}" points outside the content folder` };
  const path = MARKDOWN.test(joined) ? joined : [`${joined}.md`, posix.join(joined, 'README.md')].find((p) => files.has(p));
  if (!path) return { kind: 'none', reason: `its link "${href}" is not a markdown page` };
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return { kind: 'file', path, href: anchor ? `${encoded}#${anchor}` : encoded, anchor: Boolean(anchor) };
}

function childFolderSlug(entry: SummaryEntry, targets: Map<SummaryEntry, Target>): string | undefined {
  for (const child of entry.children) {
    const target = targets.get(child);
    if (target?.kind !== 'file') continue;
    const folder = posix.dirname(target.path);
    return folder === '.' ? undefined : cleanSlug(posix.basename(folder));
  }
  return undefined;
}
