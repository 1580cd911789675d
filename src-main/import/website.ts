import robotsParser from 'robots-parser';
import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { htmlToPage } from './html';
import type { ImportedFile, ImportedPage, ImportPlan } from './plan';
import { contentTypeOf, type FetchAccess, fetchResource, HttpError, type ImportLimits } from './source';

interface CrawlOptions extends ImportLimits {
  maxPages: number;
  onProgress?(done: number, found: number): void;
}

const USER_AGENT = 'FolioImporter';
const LINKED_FILE = /\.(pdf|zip|docx?|xlsx?|pptx?|csv|txt|json|ya?ml|tar|gz)$/i;

interface Crawled {
  url: URL;
  html: string;
}

/**
 * Imports a documentation website: pages of the same origin under the start URL's folder, found by
 * following links breadth first, within the page, byte and time limits, and as robots.txt allows.
 * The URL layout becomes the page tree; links between imported pages become links between pages;
 * same-origin images and linked files become files of the space.
 */
export async function importWebsite(start: URL, options: CrawlOptions): Promise<ImportPlan> {
  const budget = { bytesLeft: options.maxBytes, deadline: Date.now() + options.timeoutMs };
  const scope = scopeOf(start);
  const robots = await loadRobots(start, budget, options);
  const failures: string[] = [];
  const crawled: Crawled[] = [];
  const seen = new Set<string>([key(start)]);
  const queue: URL[] = [start];

  while (queue.length && crawled.length < options.maxPages && Date.now() < budget.deadline) {
    const url = queue.shift()!;
    if (!robots(url)) {
      failures.push(`${url.href}: robots.txt asks crawlers to stay away`);
      continue;
    }
    try {
      const fetched = await fetchResource(url, budget, options);
      if (!/html/i.test(fetched.contentType)) continue;
      const html = new TextDecoder().decode(fetched.bytes);
      crawled.push({ url, html });
      for (const href of htmlToPage(html).links) {
        const next = inScope(href, url, scope);
        if (next && !seen.has(key(next))) {
          seen.add(key(next));
          queue.push(next);
        }
      }
    } catch (error) {
      failures.push(`${url.href}: ${error instanceof HttpError ? `answered ${error.status}` : (error as Error).message}`);
    }
    options.onProgress?.(crawled.length, Math.min(seen.size, options.maxPages));
  }
  if (queue.length) failures.push(`stopped after ${crawled.length} pages: ${queue.length} more were not imported (page, size or time limit)`);

  const pathOf = pagePaths(crawled.map((c) => c.url), scope);
  const files: ImportedFile[] = [];
  const fileNames = new Map<string, string>();
  const pages = new Map<string, ImportedPage>();
  for (const { url, html } of crawled) {
    const assets: Array<{ src: URL; name: string }> = [];
    const asAsset = (target: URL) => {
      const name = fileNames.get(target.href) ?? uniqueName(target, fileNames);
      assets.push({ src: target, name });
      return `.gitbook/assets/${encodeURIComponent(name)}`;
    };
    const page = htmlToPage(html, {
      link: (href) => {
        const linked = safeUrl(href, url);
        // Documents the site links to (PDFs, archives...) come along as files of the space.
        if (linked && linked.origin === scope.origin && LINKED_FILE.test(linked.pathname)) return asAsset(linked);
        const target = inScope(href, url, scope);
        if (!target) return undefined;
        const path = pathOf.get(key(target)) ?? plannedPath(target, scope);
        const hash = safeUrl(href, url)?.hash ?? '';
        return `/${path}${hash}`;
      },
      image: (src) => {
        const target = safeUrl(src, url);
        return target && target.origin === scope.origin ? asAsset(target) : undefined;
      },
    });
    for (const asset of assets) {
      if (files.some((f) => f.name === asset.name)) continue;
      try {
        const fetched = await fetchResource(asset.src, budget, options);
        files.push({ name: asset.name, contentType: fetched.contentType.split(';')[0] || contentTypeOf(asset.src.pathname), bytes: fetched.bytes });
      } catch (error) {
        failures.push(`${asset.src.href}: ${(error as Error).message}`);
      }
    }
    const path = pathOf.get(key(url))!;
    pages.set(path, { title: page.title, slug: path.split('/').at(-1) || 'home', markdown: page.markdown, children: [] });
  }
  return { pages: nest(pages), files, totalResources: seen.size + files.length, failures };
}

function scopeOf(start: URL) {
  const dir = start.pathname.endsWith('/') ? start.pathname : start.pathname.replace(/[^/]*$/, '');
  return { origin: start.origin, dir, start: key(start) };
}

type Scope = ReturnType<typeof scopeOf>;

function safeUrl(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

function inScope(href: string, base: URL, scope: Scope): URL | undefined {
  const url = safeUrl(href, base);
  if (!url || url.origin !== scope.origin || !url.pathname.startsWith(scope.dir)) return undefined;
  if (/\.(png|jpe?g|gif|svg|webp|pdf|zip|css|js|ico|xml|json|txt)$/i.test(url.pathname)) return undefined;
  url.hash = '';
  url.search = '';
  return url;
}

/** One key per page: `/a/`, `/a/index.html` and `/a/index.htm` are the same page. */
function key(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/index\.html?$/i, '/').replace(/\.html?$/i, '').replace(/\/$/, '')}`;
}

/** Page path (slugs from the root) of an in-scope URL. */
function plannedPath(url: URL, scope: Scope): string {
  const rest = key(url).slice(scope.origin.length + scope.dir.length - 1).replace(/^\/+/, '');
  return rest
    .split('/')
    .filter(Boolean)
    .map((segment) => slugify(decodeURIComponent(segment)) || 'page')
    .join('/');
}

/** The start page is the space's first page ("home"); the rest follow their URL layout. */
function pagePaths(urls: URL[], scope: Scope): Map<string, string> {
  const paths = new Map<string, string>();
  const used = new Set<string>();
  for (const url of urls) {
    let path = key(url) === scope.start ? 'home' : plannedPath(url, scope) || 'home';
    for (let n = 2; used.has(path); n += 1) path = `${plannedPath(url, scope)}-${n}`;
    used.add(path);
    paths.set(key(url), path);
  }
  return paths;
}

/** Nests pages under the page at their parent path, or the nearest ancestor that was imported. */
function nest(byPath: Map<string, ImportedPage>): ImportedPage[] {
  const roots: ImportedPage[] = [];
  const paths = [...byPath.keys()].sort((a, b) => (a === 'home' ? -1 : b === 'home' ? 1 : a.split('/').length - b.split('/').length || a.localeCompare(b)));
  for (const path of paths) {
    const page = byPath.get(path)!;
    const segments = path.split('/');
    let parent: ImportedPage | undefined;
    for (let i = segments.length - 1; i > 0 && !parent; i -= 1) parent = byPath.get(segments.slice(0, i).join('/'));
    (parent ? parent.children : roots).push(page);
  }
  return roots;
}

function uniqueName(url: URL, names: Map<string, string>): string {
  const base = decodeURIComponent(url.pathname.split('/').pop() || 'file') || 'file';
  const taken = new Set(names.values());
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = base.replace(/(\.[^.]*)?$/, `-${n}$1`);
  names.set(url.href, name);
  return name;
}

async function loadRobots(start: URL, budget: { bytesLeft: number; deadline: number }, access: FetchAccess): Promise<(url: URL) => boolean> {
  const robotsUrl = new URL('/robots.txt', start.origin);
  try {
    const fetched = await fetchResource(robotsUrl, { bytesLeft: Math.min(budget.bytesLeft, 512 * 1024), deadline: budget.deadline }, access);
    const robots = robotsParser(robotsUrl.href, new TextDecoder().decode(fetched.bytes));
    return (url) => robots.isAllowed(url.href, USER_AGENT) !== false;
  } catch {
    return () => true; // no robots.txt: everything is allowed
  }
}
