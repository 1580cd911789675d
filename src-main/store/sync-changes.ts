import type { Dataset } from './synced-datasets';
import type { Db } from './database';
import { newId } from './ids';

/** One field change as it travels between replicas (docs/sync.md). */
export interface FieldChange {
  hlc: string;
  dataset: string;
  /** JSON array of the row's key values. */
  rowKey: string;
  column: string;
  /** JSON of the new value (`null` for SQL NULL). */
  value: string | null;
  organizationId: string | null;
}

type ChangeState = 'local' | 'synced' | 'refused' | 'remote';

interface ChangeRow {
  seq: number;
  hlc: string;
  dataset: string;
  row_key: string;
  column: string;
  value: string | null;
  organization_id: string | null;
  state: ChangeState;
  refusal: string | null;
}

const toChange = (row: ChangeRow): FieldChange & { seq: number; state: ChangeState; refusal: string | null } => ({
  seq: row.seq,
  hlc: row.hlc,
  dataset: row.dataset,
  rowKey: row.row_key,
  column: row.column,
  value: row.value,
  organizationId: row.organization_id,
  state: row.state,
  refusal: row.refusal,
});

export function hasChange(db: Db, change: Pick<FieldChange, 'hlc' | 'dataset' | 'rowKey' | 'column'>): boolean {
  return (
    db
      .prepare('SELECT 1 FROM sync_changes WHERE hlc = ? AND dataset = ? AND row_key = ? AND "column" = ?')
      .get(change.hlc, change.dataset, change.rowKey, change.column) !== undefined
  );
}

export function insertReceivedChange(db: Db, change: FieldChange, state: ChangeState = 'remote'): void {
  db.prepare(
    `INSERT INTO sync_changes (hlc, dataset, row_key, "column", value, organization_id, state) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(change.hlc, change.dataset, change.rowKey, change.column, change.value, change.organizationId, state);
}

/**
 * The latest value of every field recorded for a row (what a row looks like from its changes alone).
 * Changes the server refused do not count: the row goes back to what the server has.
 */
export function latestValues(db: Db, dataset: string, rowKey: string): Map<string, string | null> {
  const rows = db
    .prepare(
      `SELECT c."column" AS column, c.value AS value FROM sync_changes c
       WHERE c.dataset = ? AND c.row_key = ? AND c.state != 'refused'
         AND c.hlc = (SELECT MAX(hlc) FROM sync_changes m
                      WHERE m.dataset = c.dataset AND m.row_key = c.row_key AND m."column" = c."column" AND m.state != 'refused')`,
    )
    .all(dataset, rowKey) as Array<{ column: string; value: string | null }>;
  return new Map(rows.map((row) => [row.column, row.value]));
}

export function changesInState(db: Db, state: ChangeState, limit: number, afterSeq = 0) {
  return (
    db.prepare('SELECT * FROM sync_changes WHERE state = ? AND seq > ? ORDER BY seq LIMIT ?').all(state, afterSeq, limit) as ChangeRow[]
  ).map(toChange);
}

const whereKey = (dataset: Dataset) => dataset.key.map((column) => `${column} IS ?`).join(' AND ');

export function rowExists(db: Db, dataset: Dataset, key: unknown[]): boolean {
  return db.prepare(`SELECT 1 FROM ${dataset.table} WHERE ${whereKey(dataset)}`).get(...key) !== undefined;
}

/** Sets one field of a row to a JSON value. */
export function updateField(db: Db, dataset: Dataset, key: unknown[], column: string, value: string | null): void {
  db.prepare(`UPDATE ${dataset.table} SET ${column} = json_extract(?, '$') WHERE ${whereKey(dataset)}`).run(value ?? 'null', ...key);
}

export function deleteRow(db: Db, dataset: Dataset, key: unknown[]): void {
  db.prepare(`DELETE FROM ${dataset.table} WHERE ${whereKey(dataset)}`).run(...key);
}

/** Inserts a row from JSON values (its key columns, its synced fields and the local ones). */
export function insertRow(db: Db, dataset: Dataset, values: Map<string, string | null>): void {
  const columns = [...values.keys()];
  db.prepare(
    `INSERT INTO ${dataset.table} (${columns.join(', ')}) VALUES (${columns.map(() => "json_extract(?, '$')").join(', ')})`,
  ).run(...columns.map((column) => values.get(column) ?? 'null'));
}

/**
 * Columns a replica keeps for itself but that a new row needs (docs/sync.md: derived, not synced): a
 * space's current revision (with the revision row it names), a change request's base revision, and the
 * revision a comment was posted at.
 */
export function localColumnsForInsert(db: Db, dataset: Dataset, values: Map<string, string | null>): Map<string, string | null> {
  const local = new Map<string, string | null>();
  if (dataset.table === 'spaces') {
    local.set('revision_id', JSON.stringify(newId()));
    // Moved by this replica's own revisions from here on.
    local.set('updated_at', values.get('created_at') ?? JSON.stringify(new Date().toISOString()));
  } else if (dataset.table === 'change_requests') {
    // Its base here: the space's current revision on this replica (revisions are each replica's own).
    const spaceId = JSON.parse(values.get('space_id') ?? 'null') as string | null;
    const revision = (db.prepare('SELECT revision_id FROM spaces WHERE id = ?').get(spaceId) as { revision_id: string } | undefined)?.revision_id;
    if (revision) local.set('revision_initial', JSON.stringify(revision));
  } else if (dataset.table === 'comments') {
    const spaceId = JSON.parse(values.get('space_id') ?? 'null') as string | null;
    const revision = (db.prepare('SELECT revision_id FROM spaces WHERE id = ?').get(spaceId) as { revision_id: string } | undefined)?.revision_id;
    local.set('revision_id', JSON.stringify(revision ?? ''));
  }
  return local;
}

/** After a space arrives from elsewhere: the revision its `revision_id` names (an empty first revision). */
export function afterRemoteInsert(db: Db, dataset: Dataset, key: unknown[]): void {
  if (dataset.table !== 'spaces') return;
  const space = db.prepare('SELECT id, revision_id, created_at FROM spaces WHERE id = ?').get(key[0]) as
    | { id: string; revision_id: string; created_at: string }
    | undefined;
  if (!space) return;
  db.prepare(
    'INSERT INTO revisions (id, space_id, tree_id, parents, type, created_by, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)',
  ).run(space.revision_id, space.id, space.id, '[]', 'edits', space.created_at);
}

/** Rows that could not be created yet, forgotten as they are read (the caller records those still waiting). */
export function takeWaitingRows(db: Db): Array<{ dataset: string; rowKey: string }> {
  const rows = db.prepare('SELECT dataset, row_key FROM sync_waiting').all() as Array<{ dataset: string; row_key: string }>;
  db.prepare('DELETE FROM sync_waiting').run();
  return rows.map((row) => ({ dataset: row.dataset, rowKey: row.row_key }));
}

export function addWaitingRow(db: Db, dataset: string, rowKey: string): void {
  db.prepare('INSERT INTO sync_waiting (dataset, row_key) VALUES (?, ?) ON CONFLICT DO NOTHING').run(dataset, rowKey);
}

/** The organizations whose changes a user receives: those they are a member of. */
export function organizationsOfUser(db: Db, userId: string): string[] {
  return (db.prepare('SELECT organization_id FROM members WHERE user_id = ? ORDER BY organization_id').all(userId) as Array<{ organization_id: string }>).map(
    (row) => row.organization_id,
  );
}

/** Changes of one organization after a cursor, in the order this replica recorded them. */
export function changesOfOrganization(db: Db, organizationId: string, afterSeq: number, limit: number) {
  return (
    db
      .prepare(`SELECT * FROM sync_changes WHERE organization_id = ? AND seq > ? AND state != 'refused' ORDER BY seq LIMIT ?`)
      .all(organizationId, afterSeq, limit) as ChangeRow[]
  ).map(toChange);
}

/** Every recorded change of users' profiles (they belong to no one organization: they travel with memberships). */
export function profileChanges(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return (
    db
      .prepare(
        `SELECT * FROM sync_changes WHERE dataset = 'users' AND state != 'refused'
         AND row_key IN (SELECT json_array(value) FROM json_each(?)) ORDER BY seq`,
      )
      .all(JSON.stringify(userIds)) as ChangeRow[]
  ).map(toChange);
}

/** The last change a user may see that another replica than `replicaId` wrote (what an events stream waits for). */
export function lastVisibleSeq(db: Db, userId: string, replicaId: string): number {
  return (
    db
      .prepare(
        `SELECT MAX(seq) AS seq FROM sync_changes
         WHERE state != 'refused' AND hlc NOT LIKE ?
           AND organization_id IN (SELECT organization_id FROM members WHERE user_id = ?)`,
      )
      .get(`%-${replicaId}`, userId) as { seq: number | null }
  ).seq ?? 0;
}

/** Local changes waiting to be pushed, of organizations that came from the remote (local-only ones stay). */
export function pendingMirroredChanges(db: Db, limit: number) {
  return (
    db
      .prepare(
        `SELECT * FROM sync_changes
         WHERE state = 'local' AND (organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')
           OR (dataset = 'users' AND row_key IN (SELECT row_key FROM sync_changes WHERE state = 'remote' AND dataset = 'users')))
         ORDER BY seq LIMIT ?`,
      )
      .all(limit) as ChangeRow[]
  ).map(toChange);
}

export function countPendingMirroredChanges(db: Db): number {
  return (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM sync_changes
         WHERE state = 'local' AND (organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')
           OR (dataset = 'users' AND row_key IN (SELECT row_key FROM sync_changes WHERE state = 'remote' AND dataset = 'users')))`,
      )
      .get() as { n: number }
  ).n;
}

export function markChange(db: Db, seq: number, state: ChangeState, refusal: string | null = null): void {
  db.prepare('UPDATE sync_changes SET state = ?, refusal = ? WHERE seq = ?').run(state, refusal, seq);
}

export function refusedChanges(db: Db, limit: number) {
  return (db.prepare("SELECT * FROM sync_changes WHERE state = 'refused' ORDER BY seq DESC LIMIT ?").all(limit) as ChangeRow[]).map(toChange);
}

/** The organizations that came from the team server (the others exist only on this replica). */
export function mirroredOrganizationIds(db: Db): string[] {
  // One indexed probe per organization rather than a scan of every received change.
  const rows = db
    .prepare(`SELECT o.id FROM organizations o WHERE EXISTS (SELECT 1 FROM sync_changes c WHERE c.organization_id = o.id AND c.state = 'remote')`)
    .all() as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Local changes waiting to be pushed, per space they belong to (spaces themselves, their redirects, change requests and comments). */
export function pendingChangesBySpace(db: Db): Record<string, number> {
  const rows = db
    .prepare(
      `SELECT space_id, COUNT(*) AS n FROM (
         SELECT CASE c.dataset
           WHEN 'spaces' THEN json_extract(c.row_key, '$[0]')
           WHEN 'space_redirects' THEN json_extract(c.row_key, '$[0]')
           WHEN 'change_requests' THEN (SELECT space_id FROM change_requests WHERE id = json_extract(c.row_key, '$[0]'))
           WHEN 'comments' THEN (SELECT space_id FROM comments WHERE id = json_extract(c.row_key, '$[0]'))
           WHEN 'comment_replies' THEN (SELECT cm.space_id FROM comment_replies r JOIN comments cm ON cm.id = r.comment_id WHERE r.id = json_extract(c.row_key, '$[0]'))
         END AS space_id
         FROM sync_changes c
         WHERE c.state = 'local' AND c.organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')
       ) WHERE space_id IS NOT NULL GROUP BY space_id`,
    )
    .all() as Array<{ space_id: string; n: number }>;
  return Object.fromEntries(rows.map((row) => [row.space_id, row.n]));
}

/** Records a change this replica makes to a field outside the triggers (the server numbering a change request). */
export function recordLocalChange(db: Db, change: FieldChange): void {
  insertReceivedChange(db, change, 'local');
}

/** The next change request number in a space, past `taken` numbers already handed out in this batch. */
export function nextChangeRequestNumber(db: Db, spaceId: string, taken: number): number {
  const max = (db.prepare('SELECT MAX(number) AS n FROM change_requests WHERE space_id = ?').get(spaceId) as { n: number | null }).n ?? 0;
  return Math.max(max, taken) + 1;
}

/**
 * Another replica's user has the email of a user who exists only here (typically both bootstrap owners
 * are owner@folio.localhost): the local one takes a distinct address so the arriving user can be stored.
 * Returns whether a local user was moved aside (a user that came from elsewhere never is).
 */
export function moveAsideLocalUser(db: Db, email: string, arrivingId: string): boolean {
  const local = db.prepare('SELECT id FROM users WHERE email = ? AND id != ?').get(email, arrivingId) as { id: string } | undefined;
  if (!local) return false;
  const fromElsewhere = db
    .prepare("SELECT 1 FROM sync_changes WHERE dataset = 'users' AND row_key = ? AND state = 'remote' LIMIT 1")
    .get(JSON.stringify([local.id]));
  if (fromElsewhere) return false;
  const [name, domain] = email.split('@');
  db.prepare('UPDATE users SET email = ? WHERE id = ?').run(`${name}+local-${local.id}@${domain ?? 'folio.localhost'}`, local.id);
  return true;
}
