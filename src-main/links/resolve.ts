import type { IncludeScope } from '../content/includes';
export type LinkStatus = 'ok' | 'broken' | 'in-app';

export type LinkTarget =
  | { kind: 'page'; pageId: string; anchor?: string }
  | { kind: 'file'; fileId: string }
  | { kind: 'url'; url: string };

export interface ResolvedLink {
  status: LinkStatus;
  target: LinkTarget;
}

/** What a link is resolved against: the tree's pages and files now, and where the reader is. */
export interface LinkScope {
  pageByPath: Map<string, { page_id: string }>;
  pathOfPage: Map<string, string>;
  hasChildren: Set<string>;
  fileByName: Map<string, { file_id: string }>;
  /** The origin the API was called at: links into the app there are `in-app`. */
  appOrigin: string;
  /** The content's reusable contents, for its includes (content/includes.ts); none when the reader has none to offer. */
  includes?: IncludeScope;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const APP_PATH = /^\/(s|o|c)\//;
const ASSETS = /(?:^|\/)\.gitbook\/assets\/([^/?#]+)$/;

/**
 * Resolves a link as written in a page body. Relative links follow GitBook's markdown layout, where
 * page `a/b` is the file `a/b.md` and a page with children is `a/b/README.md`; files sit in
 * `.gitbook/assets/`. Broken means the target is absent from the content now.
 */
export function resolveLink(url: string, sourcePageId: string, scope: LinkScope): ResolvedLink {
  if (url.startsWith('#')) return { status: 'ok', target: { kind: 'page', pageId: sourcePageId, anchor: url.slice(1) } };
  if (SCHEME.test(url) || url.startsWith('//')) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url, scope.appOrigin);
    } catch {
      parsed = undefined;
    }
    const inApp = parsed && parsed.origin === new URL(scope.appOrigin).origin && APP_PATH.test(parsed.pathname);
    return { status: inApp ? 'in-app' : 'ok', target: { kind: 'url', url } };
  }

  const [pathPart = '', anchor] = url.split('#', 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart.split('?')[0]!);
  } catch {
    return { status: 'broken', target: { kind: 'url', url } };
  }
  const asset = ASSETS.exec(decoded);
  if (asset) {
    const file = scope.fileByName.get(asset[1]!);
    return file ? { status: 'ok', target: { kind: 'file', fileId: file.file_id } } : { status: 'broken', target: { kind: 'url', url } };
  }
  const sourcePath = scope.pathOfPage.get(sourcePageId) ?? '';
  const baseDir = decoded.startsWith('/')
    ? ''
    : scope.hasChildren.has(sourcePageId)
      ? sourcePath
      : sourcePath.split('/').slice(0, -1).join('/');
  const path = normalize(baseDir, decoded);
  const page = scope.pageByPath.get(path);
  if (!page) return { status: 'broken', target: { kind: 'url', url } };
  return { status: 'ok', target: { kind: 'page', pageId: page.page_id, ...(anchor ? { anchor } : {}) } };
}

function normalize(baseDir: string, relative: string): string {
  const parts = baseDir ? baseDir.split('/') : [];
  for (const segment of relative.split('/')) {
    if (!segment || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  let path = parts.join('/').replace(/\.md$/i, '');
  path = path.replace(/(^|\/)README$/i, '');
  return path;
}
