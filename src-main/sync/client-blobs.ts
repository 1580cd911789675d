import { MAX_BLOB_BYTES_PER_EXCHANGE } from '../../src-shared/schemas/sync';
import type { AppServices } from '../app/context';
import { readBlob, storeBlob } from '../store/content-files';
import { missingBlobs, mirroredFileHashes } from '../store/sync-blobs';
import type { RemoteCall } from './remote-call';


interface BlobsAnswer {
  blobs: Array<{ hash: string; data: string }>;
  more: string[];
  lacks: string[];
}

const WANT_PER_CALL = 1000;
const OFFER_PER_CALL = 10_000;

/**
 * The workstation's half of file sync (docs/sync.md): fetches the bytes of files its mirrored content
 * names but it lacks, and gives the server the bytes it lacks, in bounded exchanges. Files are checked
 * against their SHA-256 on both ends.
 */
export async function syncBlobs(app: AppServices, replicaId: string, call: RemoteCall): Promise<void> {
  const referenced = mirroredFileHashes(app.db);
  if (referenced.length === 0) return;
  let want = missingBlobs(app.db, referenced);
  const missingHere = new Set(want);
  const have = referenced.filter((hash) => !missingHere.has(hash));
  const lacks: string[] = [];

  for (let offered = 0; offered < have.length || want.length > 0; offered += OFFER_PER_CALL) {
    const answer = (await call('/sync/v1/blobs', {
      replicaId,
      want: want.slice(0, WANT_PER_CALL),
      offer: have.slice(offered, offered + OFFER_PER_CALL),
    })) as BlobsAnswer;
    const now = new Date().toISOString();
    for (const blob of answer.blobs) {
      const stored = storeBlob(app.db, new Uint8Array(Buffer.from(blob.data, 'base64')), now);
      if (stored !== blob.hash) throw new Error(`the server sent bytes that do not match file ${blob.hash}`);
    }
    lacks.push(...answer.lacks);
    const received = new Set(answer.blobs.map((blob) => blob.hash));
    // What did not fit comes next; what the server would not give (not readable, or gone) is not asked again.
    const asked = new Set(want.slice(0, WANT_PER_CALL));
    want = [...answer.more, ...want.filter((hash) => !asked.has(hash))].filter((hash) => !received.has(hash));
    if (answer.blobs.length === 0 && answer.more.length > 0) break;
  }

  let batch: Array<{ hash: string; data: string }> = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length > 0) await call('/sync/v1/blobs', { replicaId, give: batch });
    batch = [];
    bytes = 0;
  };
  for (const hash of lacks) {
    const data = readBlob(app.db, hash);
    if (!data) continue;
    if (bytes + data.length > MAX_BLOB_BYTES_PER_EXCHANGE) await flush();
    batch.push({ hash, data: data.toString('base64') });
    bytes += data.length;
  }
  await flush();
}
