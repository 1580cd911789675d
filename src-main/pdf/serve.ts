import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../app/context';
import { contentDisposition as httpContentDisposition } from '../http/header-values';
import { allLiveFiles, readBlob, type ContentFileRow } from '../store/content-files';
import { getLivePage, listLivePages, type ContentPageRow } from '../store/content-pages';
import type { Db } from '../store/database';
import { allLiveReusables } from '../store/content-reusables';
import { expandIncludes } from '../content/includes';
import { treeReferences } from './references';
import { renderPdf, type ImageResolver, type PdfPage } from './render';
import { verifyPdfUrl } from './signing';
import { answerPlain } from '../http/surface-answers';

/**
 * GET /pdf/{spaceId}/{treeId}/{title}.pdf?page&expires&signature: the target of a signed PDF link
 * (`signedPdfUrl`). Prints the tree's live pages in reading order, or the one page named, from
 * their content now, with the tree's images. Links to pages not printed lead to the app at `baseUrl`
 * (the address the reader reached this host at).
 */
export async function servePdf(db: Db, clock: Clock, req: IncomingMessage, res: ServerResponse, url: URL, baseUrl: string): Promise<void> {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') return answerPlain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const verdict = verifyPdfUrl(db, url.pathname, url.searchParams, clock.now());
    if (!verdict.ok) return answerPlain(res, verdict.status, verdict.reason);
    const { target } = verdict;
    let pages: PdfPage[];
    // The PDF prints markdown: reusable contents are put in place of their includes first.
    const reusables = new Map(allLiveReusables(db, target.treeId).map((row) => [row.slug.toLowerCase(), row.markdown]));
    const expand = (markdown: string) => (reusables.size ? expandIncludes(markdown, (slug) => reusables.get(slug)) : markdown);
    if (target.pageId) {
      const row = getLivePage(db, target.treeId, target.pageId);
      if (!row) return answerPlain(res, 404, 'No such page');
      pages = [pdfPage(row, 0, expand)];
    } else {
      pages = readingOrder(listLivePages(db, target.treeId)).map(({ row, depth }) => pdfPage(row, depth, expand));
    }
    const references = treeReferences(db, target, baseUrl, clock.now());
    const bytes = await renderPdf(pages, treeImages(db, target.treeId), { title: target.title, createdAt: clock.now(), references });
    if (res.destroyed) return;
    res.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(target.title),
      'X-Content-Type-Options': 'nosniff',
      // Made from the content as it is now: a later fetch of the same link may differ.
      'Cache-Control': 'private, no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  } catch (error) {
    console.error('Could not make a PDF:', error);
    if (!res.headersSent) answerPlain(res, 500, 'Could not make this PDF');
    else res.destroy();
  }
}

/** What reading order needs of a page (the site preview passes lighter rows than ContentPageRow). */
type TreeFields = Pick<ContentPageRow, 'page_id' | 'parent_id' | 'position' | 'depth'>;

/** A tree's live pages depth-first: each page followed by its children, siblings by position. */
export function readingOrder<Row extends TreeFields>(rows: readonly Row[]): Array<{ row: Row; depth: number }> {
  const ids = new Set(rows.map((row) => row.page_id));
  const children = new Map<string | null, Row[]>();
  for (const row of rows) {
    // A page whose parent is not live is read where a top-level page would be.
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.position - b.position || (a.page_id < b.page_id ? -1 : a.page_id > b.page_id ? 1 : 0));
  }
  const out: Array<{ row: Row; depth: number }> = [];
  const seen = new Set<string>();
  const visit = (roots: readonly Row[]) => {
    const stack = [...roots].reverse().map((row) => ({ row, depth: 0 }));
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next.row.page_id)) continue;
      seen.add(next.row.page_id);
      out.push(next);
      const below = children.get(next.row.page_id) ?? [];
      for (let i = below.length - 1; i >= 0; i -= 1) stack.push({ row: below[i]!, depth: next.depth + 1 });
    }
  };
  visit(children.get(null) ?? []);
  // Pages only reachable through a cycle of parents (never written, but never lost either).
  visit(rows.filter((row) => !seen.has(row.page_id)).sort((a, b) => a.depth - b.depth || a.position - b.position));
  return out;
}

function pdfPage(row: ContentPageRow, depth: number, expand: (markdown: string) => string): PdfPage {
  let meta: { description?: unknown; href?: unknown } = {};
  try {
    meta = JSON.parse(row.meta) as typeof meta;
  } catch {
    meta = {};
  }
  const description = typeof meta.description === 'string' ? meta.description.trim() : '';
  let markdown = expand(row.markdown ?? '');
  // A link page has no body: its target is what there is to read.
  if (row.kind === 'link' && typeof meta.href === 'string' && meta.href) markdown = `<${meta.href.replace(/[<>\s]/g, encodeURIComponent)}>`;
  return {
    id: row.page_id,
    title: row.title,
    markdown,
    depth,
    ...(description ? { description } : {}),
    ...(row.kind === 'group' ? { section: true } : {}),
  };
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const ASSETS = /(?:^|\/)\.gitbook\/assets\/([^/?#]+)$/;

/**
 * Images from the tree's files, found as the links resolver finds them: a relative URL ending in
 * `.gitbook/assets/<name>` (percent-encoded or not) names the file called `<name>`.
 */
function treeImages(db: Db, treeId: string): ImageResolver {
  let byName: Map<string, ContentFileRow> | undefined;
  return (url) => {
    const name = assetName(url);
    if (!name) return undefined;
    if (!byName) {
      byName = new Map();
      for (const file of allLiveFiles(db, treeId)) if (!byName.has(file.name)) byName.set(file.name, file);
    }
    const file = byName.get(name);
    const bytes = file ? readBlob(db, file.hash) : undefined;
    return file && bytes ? { bytes, contentType: file.content_type } : undefined;
  };
}

export function assetName(url: string): string | undefined {
  if (SCHEME.test(url) || url.startsWith('//')) return undefined;
  const path = url.split('#', 1)[0]!.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  return ASSETS.exec(decoded)?.[1];
}

/** `inline; filename="<title>.pdf"`, with the exact (UTF-8) name alongside for titles beyond ASCII. */
export function contentDisposition(title: string): string {
  return httpContentDisposition('inline', `${title.trim() || 'document'}.pdf`);
}

