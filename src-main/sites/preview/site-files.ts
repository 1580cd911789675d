import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendableMediaType } from '../../http/header-values';
import { allLiveFiles, readBlob } from '../../store/content-files';
import type { Db } from '../../store/database';
import { sectionNodes, type SiteStructureModel } from '../structure';
import { etagOf, type SiteCachePolicy, sendCacheable } from './http-cache';
import { answerPlain } from '../../http/surface-answers';

/**
 * GET /sites/{id}/~files/{siteSpaceId}/{name}: a file (an image of a page) of a space the visitor can see
 * on this site; anything else is a 404, like a page they cannot see.
 */
export function serveSiteFile(db: Db, req: IncomingMessage, res: ServerResponse, model: SiteStructureModel, siteSpaceId: string, name: string, policy: SiteCachePolicy): void {
  const siteSpaces = model.type === 'siteSpaces' ? model.siteSpaces : sectionNodes(model).flatMap((node) => node.siteSpaces);
  const siteSpace = siteSpaces.find((row) => row.id === siteSpaceId);
  const file = siteSpace ? allLiveFiles(db, siteSpace.space_id).find((row) => row.name === name) : undefined;
  const bytes = file ? readBlob(db, file.hash) : undefined;
  if (!file || !bytes) {
    answerPlain(res, 404, 'No such file');
    return;
  }
  const headers = {
    'Content-Type': sendableMediaType(file.content_type),
    // An uploaded SVG or HTML file must never run script on the site's origin.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'X-Content-Type-Options': 'nosniff',
  };
  // The stored content hash names the bytes (and their type, which a re-upload under the same name may change).
  sendCacheable(req, res, bytes, headers, policy, etagOf(`${file.hash} ${file.content_type}`));
}
