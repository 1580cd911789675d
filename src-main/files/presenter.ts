import type { PresentContext } from '../app/context';
import type { Db } from '../store/database';
import type { ContentFileRow } from '../store/content-files';
import { signedDownloadUrl } from './signing';

export function presentFile(file: ContentFileRow, ctx: PresentContext & { db: Db; now: Date }) {
  return {
    id: file.file_id,
    name: file.name,
    contentType: file.content_type,
    downloadURL: signedDownloadUrl(ctx.db, ctx.baseUrl, { hash: file.hash, name: file.name, contentType: file.content_type }, ctx.now),
    size: file.size,
    ...(file.width !== null && file.height !== null ? { dimensions: { width: file.width, height: file.height } } : {}),
  };
}
