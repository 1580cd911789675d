import { MAX_PULL_CHANGES, SYNC_PROTOCOL, type SyncPushBody } from '../../src-shared/schemas/sync';
import type { ServiceContext } from '../app/context';
import { badRequest, conflict } from '../errors';
import { inTransaction } from '../store/database';
import { replicaIdOf } from '../store/sync-capture';
import {
  changesOfOrganization,
  type FieldChange,
  hasChange,
  nextChangeRequestNumber,
  organizationsOfUser,
  profileChanges,
  recordLocalChange,
} from '../store/sync-changes';
import { changeRequestSpace } from '../store/sync-scope';
import { getMember } from '../store/members';
import { clockOf } from '../store/sync-capture';
import { applyRemoteChanges, checkChange, InvalidChangeError } from './apply';
import { batchValues, refusalOf } from './authorize';
import { ClockDriftError } from '../store/hybrid-logical-clock';
import { isAdminOnly } from '../store/synced-datasets';
import { openForSending } from './sealed-changes';

/** The server's answer to a replica that says hello: who it is, and whether they speak the same protocol. */
export function hello(ctx: ServiceContext, input: { protocol: number; replicaId: string }) {
  if (input.protocol !== SYNC_PROTOCOL) {
    throw conflict(
      `This server speaks sync protocol ${SYNC_PROTOCOL} and the workstation ${input.protocol}: update the ${input.protocol < SYNC_PROTOCOL ? 'workstation' : 'server'} so both speak the same version. Nothing was synced.`,
    );
  }
  return { protocol: SYNC_PROTOCOL, serverReplicaId: replicaIdOf(ctx.db), userId: ctx.user.id };
}

export interface PushResult {
  hlc: string;
  dataset: string;
  rowKey: string;
  column: string;
  status: 'accepted' | 'refused';
  reason?: string;
}

/**
 * A replica's changes, decided one by one (the server is the authority on access) and committed together:
 * every accepted change and every decision land in one transaction, or nothing does. A change the server
 * already has (a batch resent after a cut connection) is answered as accepted again, not applied twice.
 */
export function push(ctx: ServiceContext, input: SyncPushBody): { results: PushResult[] } {
  for (const [index, change] of input.changes.entries()) {
    try {
      checkChange(change);
    } catch (error) {
      if (error instanceof InvalidChangeError) throw badRequest(`changes[${index}].${error.message}`);
      throw error;
    }
    if (!change.hlc.endsWith(`-${input.replicaId}`)) throw badRequest(`changes[${index}].hlc: not stamped by replica ${input.replicaId}`);
  }
  return inTransaction(ctx.db, () => {
    const batch = batchValues(input.changes);
    const accepted: FieldChange[] = [];
    const results = input.changes.map((change): PushResult => {
      const id = { hlc: change.hlc, dataset: change.dataset, rowKey: change.rowKey, column: change.column };
      if (hasChange(ctx.db, change)) return { ...id, status: 'accepted' };
      const reason = refusalOf(ctx, change, batch);
      if (reason) return { ...id, status: 'refused', reason };
      accepted.push(change);
      return { ...id, status: 'accepted' };
    });
    const numbered = numberNewChangeRequests(ctx, accepted);
    try {
      applyRemoteChanges(ctx.db, numbered.changes);
      for (const change of numbered.serverChanges) recordLocalChange(ctx.db, change);
    } catch (error) {
      if (error instanceof ClockDriftError) throw badRequest(`changes: ${error.message}`);
      throw error;
    }
    return { results };
  });
}

/**
 * What the replica lacks, organization by organization from its cursor in each (an organization it has no
 * cursor for, one the user just joined, from the start), at most `limit` changes, with the profiles of the
 * users the memberships in them name. Its own changes are not sent back, but its cursors move past them.
 */
export function pull(ctx: ServiceContext, input: { replicaId: string; cursors: Record<string, number>; limit?: number }) {
  const limit = input.limit ?? MAX_PULL_CHANGES;
  const cursors: Record<string, number> = {};
  const changes: FieldChange[] = [];
  const members = new Set<string>();
  let more = false;
  for (const organizationId of organizationsOfUser(ctx.db, ctx.user.id)) {
    const isAdmin = getMember(ctx.db, organizationId, ctx.user.id)?.role === 'admin';
    const after = input.cursors[organizationId] ?? 0;
    cursors[organizationId] = after;
    const room = limit - changes.length;
    if (room <= 0) {
      more = true;
      continue;
    }
    const rows = changesOfOrganization(ctx.db, organizationId, after, room + 1);
    if (rows.length > room) more = true;
    for (const row of rows.slice(0, room)) {
      cursors[organizationId] = row.seq;
      if (row.hlc.endsWith(`-${input.replicaId}`)) continue;
      // Secrets go to admins only; one promoted later gets them re-stamped (migration 018).
      if (!isAdmin && isAdminOnly(row)) continue;
      if (row.dataset === 'members' || row.dataset === 'team_members') members.add((JSON.parse(row.rowKey) as string[]).at(-1)!);
      const author = authorNamed(row);
      if (author) members.add(author);
      changes.push(wire(ctx.db, row));
    }
  }
  // Profiles first: a membership cannot be created before the user it names.
  const profiles = profileChanges(ctx.db, [...members])
    .filter((row) => !row.hlc.endsWith(`-${input.replicaId}`))
    .map((row) => wire(ctx.db, row));
  return { changes: [...profiles, ...changes], cursors, more };
}

/**
 * The user a comment, reply or reaction names. Usually a member, whose profile travelled with the membership,
 * but an installation token's principal (migration 037) is nobody's member: its profile travels with what it wrote.
 */
const AUTHOR_COLUMNS: Record<string, readonly string[]> = { comments: ['posted_by', 'resolved_by'], comment_replies: ['posted_by'] };

function authorNamed(change: FieldChange): string | undefined {
  // A reaction's user is the last part of its key (comment, reply, emoji, user).
  if (change.dataset === 'comment_reactions') return (JSON.parse(change.rowKey) as string[]).at(-1);
  if (change.value === null || !AUTHOR_COLUMNS[change.dataset]?.includes(change.column)) return undefined;
  const value: unknown = JSON.parse(change.value);
  return typeof value === 'string' ? value : undefined;
}

/** A recorded change as the protocol carries it: its secret, if any, unsealed (sync/sealed-changes.ts). */
const wire = (db: ServiceContext['db'], { hlc, dataset, rowKey, column, value, organizationId }: FieldChange): FieldChange =>
  openForSending(db, { hlc, dataset, rowKey, column, value, organizationId });

/**
 * Change requests created on workstations carry provisional numbers (two offline workstations may both
 * pick 4). The server numbers each new one itself, in the order it receives them: the incoming insert takes
 * the server's number (so it never collides), and a change stamped by the server's clock records it, so every
 * workstation, the creator included, adopts it. Numbers are never changed again (docs/sync.md).
 */
function numberNewChangeRequests(ctx: ServiceContext, accepted: FieldChange[]) {
  const serverChanges: FieldChange[] = [];
  const taken = new Map<string, number>();
  const changes = accepted.map((change) => {
    if (change.dataset !== 'change_requests' || change.column !== 'number') return change;
    const [id] = JSON.parse(change.rowKey) as string[];
    if (changeRequestSpace(ctx.db, id!)) return change; // not new: its number is already the server's
    const spaceChange = accepted.find((c) => c.dataset === 'change_requests' && c.rowKey === change.rowKey && c.column === 'space_id');
    const spaceId = spaceChange?.value ? (JSON.parse(spaceChange.value) as string) : undefined;
    if (!spaceId) return change;
    const number = nextChangeRequestNumber(ctx.db, spaceId, taken.get(spaceId) ?? 0);
    taken.set(spaceId, number);
    const value = JSON.stringify(number);
    serverChanges.push({ ...change, hlc: clockOf(ctx.db).next(), value });
    return { ...change, value };
  });
  return { changes, serverChanges };
}
