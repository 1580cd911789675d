import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_URL_TTL_MS, urlSigningSecret } from '../files/signing';
import type { Db } from '../store/database';

/** How long a PDF link works (as long as a file's download link). */
export const PDF_URL_TTL_MS = DOWNLOAD_URL_TTL_MS;

/** What a PDF link prints: a content tree's pages (or one page of it), under a title. */
interface PdfTarget {
  spaceId: string;
  /** The space id for its main content, a change request's id for the change request's. */
  treeId: string;
  /** Only this page of the tree. */
  pageId?: string;
  /** The document's title, and its file name (`<title>.pdf`). */
  title: string;
}

/**
 * A PDF of content as an expiring signed URL, served by the host at `/pdf/...` without a token (so
 * it opens in a browser tab), as file downloads are: whoever holds the link may fetch the PDF until
 * it expires. The signature binds the space, the tree, the page, the title and the expiry; the
 * PDF is made from the content as it is when the link is opened.
 *
 *     `${baseUrl}/pdf/{spaceId}/{treeId}/{title}.pdf?page={pageId}&expires={ms}&signature={hex}`
 */
export function signedPdfUrl(db: Db, baseUrl: string, target: PdfTarget, now: Date): string {
  const expires = String(now.getTime() + PDF_URL_TTL_MS);
  const query = new URLSearchParams();
  if (target.pageId) query.set('page', target.pageId);
  query.set('expires', expires);
  query.set('signature', sign(db, target, expires));
  const path = [target.spaceId, target.treeId, `${target.title}.pdf`].map(encodeURIComponent).join('/');
  return `${baseUrl}/pdf/${path}?${query}`;
}

type PdfVerdict = { ok: true; target: PdfTarget } | { ok: false; status: 403 | 404; reason: string };

/** Checks a `/pdf/...` request's path and query against its signature. */
export function verifyPdfUrl(db: Db, pathname: string, query: URLSearchParams, now: Date): PdfVerdict {
  const match = /^\/pdf\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (!match) return { ok: false, status: 404, reason: 'No such PDF' };
  let parts: string[];
  try {
    parts = match.slice(1).map((part) => decodeURIComponent(part));
  } catch {
    return { ok: false, status: 404, reason: 'No such PDF' };
  }
  const [spaceId = '', treeId = '', fileName = ''] = parts;
  if (!fileName.toLowerCase().endsWith('.pdf')) return { ok: false, status: 404, reason: 'No such PDF' };
  const pageId = query.get('page') ?? undefined;
  const target: PdfTarget = { spaceId, treeId, ...(pageId ? { pageId } : {}), title: fileName.slice(0, -'.pdf'.length) };
  const expires = query.get('expires') ?? '';
  const signature = query.get('signature') ?? '';
  if (!/^\d+$/.test(expires) || !signature) return { ok: false, status: 403, reason: 'This PDF link is incomplete' };
  if (Number(expires) < now.getTime()) return { ok: false, status: 403, reason: 'This PDF link has expired: ask the API for a new one' };
  const expected = Buffer.from(sign(db, target, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, status: 403, reason: 'This PDF link is not valid' };
  }
  return { ok: true, target };
}

function sign(db: Db, target: PdfTarget, expires: string): string {
  // JSON keeps the fields apart whatever they contain; the leading tag keeps PDF signatures apart
  // from file download signatures made with the same key.
  const message = JSON.stringify(['folio-pdf-v1', target.spaceId, target.treeId, target.pageId ?? '', target.title, expires]);
  return createHmac('sha256', urlSigningSecret(db)).update(message).digest('hex');
}
