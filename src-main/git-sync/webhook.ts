import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../app/context';
import { readBody } from '../http/body';
import { discardBody } from '../http/discard-body';
import { errorBody, errorToResponse } from '../http/errors';
import { sendApiResult } from '../http/api';
import { unsealSecret } from '../store/secret-sealer';
import { getGitSync } from '../store/git-sync';
import { requestGitSync } from './scheduler';

const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * `POST /hooks/git/{spaceId}`: a git host says the repository changed (docs/git-sync.md, "Webhook"). No API
 * token: the call proves itself with the space's webhook secret, as GitHub signs it (`X-Hub-Signature-256`,
 * an HMAC of the body) or as GitLab sends it (`X-Gitlab-Token`). The space syncs at the scheduler's next tick;
 * the answer (202) does not wait for it.
 */
export async function serveGitWebhook(app: AppServices, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const spaceId = decodeURIComponent(url.pathname.slice('/hooks/git/'.length));
  try {
    if (req.method !== 'POST') return sendApiResult(res, { status: 405, body: errorBody(405, 'Git hosts POST to this address'), headers: { Allow: 'POST' } });
    const row = getGitSync(app.db, spaceId);
    // Unknown space, Git Sync off: the same answer, so the address tells nothing about which spaces exist.
    if (!row?.enabled || !row.webhook_secret) return sendApiResult(res, { status: 404, body: errorBody(404, 'No Git Sync webhook here') });
    const body = await readBody(req, MAX_WEBHOOK_BYTES);
    if (!signedWith(unsealSecret(app.db, row.webhook_secret), req, body)) {
      return sendApiResult(res, { status: 401, body: errorBody(401, 'The webhook secret does not match: sign the body with it (X-Hub-Signature-256) or send it as X-Gitlab-Token') });
    }
    requestGitSync(app.db, spaceId);
    sendApiResult(res, { status: 202, body: { accepted: true } });
  } catch (error) {
    sendApiResult(res, errorToResponse(error, req));
  } finally {
    discardBody(req);
  }
}

function signedWith(secret: string, req: IncomingMessage, body: Buffer): boolean {
  const signature = req.headers['x-hub-signature-256'];
  if (typeof signature === 'string') {
    return sameText(signature, `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  }
  const token = req.headers['x-gitlab-token'];
  return typeof token === 'string' && sameText(token, secret);
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
