import { z } from 'zod';

/** The sync protocol's version (docs/sync.md): a replica speaking another major version is refused. */
export const SYNC_PROTOCOL = 1;
/** At most this many field changes per push, so one request stays small and quick to commit. */
export const MAX_PUSH_CHANGES = 500;
/** At most this many changes per pull answer; `next` says there are more. */
export const MAX_PULL_CHANGES = 1000;

const replicaId = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'must be 1 to 64 letters or digits');

export const syncHelloBody = z.strictObject({
  protocol: z.number().int(),
  replicaId,
});

const fieldChange = z.strictObject({
  hlc: z.string().min(1).max(100),
  dataset: z.string().min(1).max(64),
  rowKey: z.string().min(2).max(1024),
  column: z.string().min(1).max(64),
  value: z.string().max(1_000_000).nullable(),
  organizationId: z.string().max(64).nullable(),
});

export const syncPushBody = z.strictObject({
  replicaId,
  changes: z.array(fieldChange).max(MAX_PUSH_CHANGES, `at most ${MAX_PUSH_CHANGES} changes per push`),
});

/**
 * A cursor per organization (the last change received of each): an organization the caller has just
 * joined has none yet and is sent from its beginning.
 */
export const syncPullBody = z.strictObject({
  replicaId,
  cursors: z.record(z.string().min(1).max(64), z.number().int('must be a whole number').min(0)),
  limit: z.number().int('must be a whole number').min(1).max(MAX_PULL_CHANGES).optional(),
});

export type SyncPushBody = z.infer<typeof syncPushBody>;

/** At most this many documents per exchange (each answer carries their missing updates). */
export const MAX_DOCS_PER_EXCHANGE = 200;

const base64 = z.string().max(8_000_000).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

export const syncDocsBody = z.strictObject({
  replicaId,
  docs: z
    .array(
      z.strictObject({
        docId: z.string().regex(/^(tree:[A-Za-z0-9]+|body:[A-Za-z0-9]+:[A-Za-z0-9]+)$/, 'must be tree:<id> or body:<tree>:<page>'),
        /** What the replica has (empty: nothing). */
        stateVector: base64,
        /** What the replica has that the server lacks, computed from the server's last state vector. */
        update: base64.optional(),
      }),
    )
    .max(MAX_DOCS_PER_EXCHANGE, `at most ${MAX_DOCS_PER_EXCHANGE} documents per exchange`),
});

export type SyncDocsBody = z.infer<typeof syncDocsBody>;

/** At most this many bytes of files in one blob exchange, either way (base64 adds a third on the wire). */
export const MAX_BLOB_BYTES_PER_EXCHANGE = 4 * 1024 * 1024;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');

export const syncBlobsBody = z.strictObject({
  replicaId,
  /** Files (by hash) the replica lacks. */
  want: z.array(sha256).max(1000).optional(),
  /** Files the replica has: the answer says which of them the server lacks. */
  offer: z.array(sha256).max(10_000).optional(),
  /** Files the server said it lacks. */
  give: z.array(z.strictObject({ hash: sha256, data: base64 })).max(1000).optional(),
});

export type SyncBlobsBody = z.infer<typeof syncBlobsBody>;

/** At most this many changed documents are listed; past it the replica exchanges everything. */
export const MAX_CHANGED_DOCS = 5_000;

export const syncChangedDocsBody = z.strictObject({
  replicaId,
  /** The end of the server's update log at the replica's last exchange (0: never). */
  after: z.number().int('must be a whole number').min(0),
});
