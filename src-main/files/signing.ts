import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ensureSecretSetting, SECRET_SETTINGS } from '../secrets/settings';
import type { Db } from '../store/database';
/** How long a download URL works. */
export const DOWNLOAD_URL_TTL_MS = 60 * 60 * 1000;

interface DownloadTarget {
  hash: string;
  name: string;
  contentType: string;
}

/**
 * File downloads use expiring signed URLs (as GitBook's do): whoever holds the link may fetch the
 * file until it expires, without a token, so the link can go in an <img> or a browser tab. The
 * signature binds the blob, the name, the type and the expiry.
 */
export function signedDownloadUrl(db: Db, baseUrl: string, target: DownloadTarget, now: Date): string {
  const expires = String(now.getTime() + DOWNLOAD_URL_TTL_MS);
  const query = new URLSearchParams({ type: target.contentType, expires, signature: sign(db, target, expires) });
  return `${baseUrl}/files/${target.hash}/${encodeURIComponent(target.name)}?${query}`;
}

type Verdict = { ok: true; target: DownloadTarget } | { ok: false; reason: string };

export function verifyDownload(db: Db, hash: string, name: string, query: URLSearchParams, now: Date): Verdict {
  const contentType = query.get('type') ?? '';
  const expires = query.get('expires') ?? '';
  const signature = query.get('signature') ?? '';
  if (!/^\d+$/.test(expires) || !signature) return { ok: false, reason: 'This download link is incomplete' };
  if (Number(expires) < now.getTime()) return { ok: false, reason: 'This download link has expired: ask the API for a new one' };
  const target = { hash, name, contentType };
  const expected = Buffer.from(sign(db, target, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'This download link is not valid' };
  }
  return { ok: true, target };
}

function sign(db: Db, target: DownloadTarget, expires: string): string {
  return createHmac('sha256', urlSigningSecret(db))
    .update([target.hash, target.name, target.contentType, expires].join('\n'))
    .digest('hex');
}

/**
 * The key every signed URL of this store is signed with (file downloads, PDFs), made when the app opens and kept
 * sealed (secrets/settings.ts). Each kind of URL signs a message of its own shape, so a signature of one kind
 * never fits another.
 */
export function urlSigningSecret(db: Db): Buffer {
  return Buffer.from(ensureSecretSetting(db, SECRET_SETTINGS.urlSigningKey, () => randomBytes(32).toString('hex')), 'hex');
}
