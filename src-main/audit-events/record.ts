import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { insertAuditEvent } from '../store/audit-events';
import type { AuditEventAction } from './actions';

interface AuditTarget {
  /** The kind of resource, as the API names its object (`space`, `collection`, `member`, ...). */
  type: string;
  id: string;
  label?: string;
}

/**
 * Appends one event to the organization's audit log. Call it inside the transaction of the change it
 * describes: the change and its record land together, or neither does.
 */
export function recordAuditEvent(
  ctx: ServiceContext,
  organizationId: string,
  action: AuditEventAction,
  target: AuditTarget,
  payload: Record<string, unknown> = {},
): void {
  insertAuditEvent(ctx.db, {
    id: randomUUID(),
    organization_id: organizationId,
    occurred_at: isoNow(ctx.clock),
    action,
    actor_type: 'user',
    actor_id: ctx.user.id,
    actor_label: ctx.user.display_name,
    source: ctx.source ?? 'workflow',
    target_type: target.type,
    target_id: target.id,
    target_label: target.label ?? null,
    payload: JSON.stringify(payload),
  });
}

/** The names of the fields a partial update sets: what an audit event says changed (never the values). */
export function changedFields(input: object): string[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
}
