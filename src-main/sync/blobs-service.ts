import { MAX_BLOB_BYTES_PER_EXCHANGE, type SyncBlobsBody } from '../../src-shared/schemas/sync';
import { isoNow, type ServiceContext } from '../app/context';
import { badRequest, isFolioError } from '../errors';
import { readBlob, storeBlob } from '../store/content-files';
import { inTransaction } from '../store/database';
import { missingBlobs, spacesHoldingBlob } from '../store/sync-blobs';
import { requireSpace } from '../spaces/access';

/**
 * Files travel by their SHA-256 (docs/sync.md): a replica asks for the bytes it lacks (only of files in
 * spaces the user can read), learns which of its own the server lacks, and gives those, each checked against
 * its hash. Answers carry at most MAX_BLOB_BYTES_PER_EXCHANGE; `more` lists what did not fit.
 */
export function exchangeBlobs(ctx: ServiceContext, input: SyncBlobsBody) {
  const given = input.give ?? [];
  inTransaction(ctx.db, () => {
    given.forEach((blob, index) => {
      const bytes = new Uint8Array(Buffer.from(blob.data, 'base64'));
      const stored = storeBlob(ctx.db, bytes, isoNow(ctx.clock));
      if (stored !== blob.hash) throw badRequest(`give[${index}].data: its SHA-256 is ${stored}, not ${blob.hash}`);
    });
  });
  const blobs: Array<{ hash: string; data: string }> = [];
  const more: string[] = [];
  let bytes = 0;
  for (const hash of input.want ?? []) {
    if (!mayRead(ctx, hash)) continue;
    const data = readBlob(ctx.db, hash);
    if (!data) continue;
    if (bytes + data.length > MAX_BLOB_BYTES_PER_EXCHANGE && blobs.length > 0) {
      more.push(hash);
      continue;
    }
    bytes += data.length;
    blobs.push({ hash, data: data.toString('base64') });
  }
  return { blobs, more, lacks: missingBlobs(ctx.db, input.offer ?? []) };
}

function mayRead(ctx: ServiceContext, hash: string): boolean {
  return spacesHoldingBlob(ctx.db, hash).some((spaceId) => {
    try {
      requireSpace(ctx, spaceId);
      return true;
    } catch (error) {
      if (isFolioError(error)) return false;
      throw error;
    }
  });
}
