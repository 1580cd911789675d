import type { Db } from './database';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface AuditEventRow {
  seq: number;
  id: string;
  organization_id: string;
  occurred_at: string;
  action: string;
  actor_type: string;
  actor_id: string;
  actor_label: string | null;
  source: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  payload: string;
}

type NewAuditEvent = Omit<AuditEventRow, 'seq'>;

export function insertAuditEvent(db: Db, event: NewAuditEvent): void {
  db.prepare(
    `INSERT INTO audit_events (id, organization_id, occurred_at, action, actor_type, actor_id, actor_label, source, target_type, target_id, target_label, payload)
     VALUES (@id, @organization_id, @occurred_at, @action, @actor_type, @actor_id, @actor_label, @source, @target_type, @target_id, @target_label, @payload)`,
  ).run(event);
}

export function getAuditEvent(db: Db, organizationId: string, id: string): AuditEventRow | undefined {
  return db.prepare('SELECT * FROM audit_events WHERE organization_id = ? AND id = ?').get(organizationId, id) as AuditEventRow | undefined;
}

export interface AuditEventFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

/** Newest first. `from`/`to` compare ISO timestamps as text, which orders them (all are UTC, same precision). */
export function listAuditEvents(db: Db, organizationId: string, filters: AuditEventFilters, page: PageRequest): PageResult<AuditEventRow> {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  const conditions: Array<[string, string | undefined]> = [
    ['occurred_at >= ?', filters.from],
    ['occurred_at <= ?', filters.to],
    ['action = ?', filters.action],
    ['actor_id = ?', filters.actor],
    ['target_id = ?', filters.target],
  ];
  for (const [sql, value] of conditions) {
    if (value === undefined) continue;
    where.push(sql);
    params.push(value);
  }
  return listPage<AuditEventRow>(db, { select: 'SELECT * FROM audit_events', where, params, order: [{ expr: 'seq', dir: 'desc', key: 'seq' }] }, page);
}
