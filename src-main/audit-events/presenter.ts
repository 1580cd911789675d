import type { PresentContext } from '../app/context';
import type { AuditEventRow } from '../store/audit-events';

/** GitBook's AuditEvent; `details` adds AuditEventDetails' payload (the single-event read). */
export function presentAuditEvent(row: AuditEventRow, ctx: PresentContext, details = false) {
  const event = {
    object: 'audit-event' as const,
    id: row.id,
    occurredAt: row.occurred_at,
    action: row.action,
    actor: labelled({ type: row.actor_type, id: row.actor_id }, row.actor_label),
    source: row.source,
    target: labelled({ type: row.target_type, id: row.target_id }, row.target_label),
    urls: { location: `${ctx.baseUrl}/v1/orgs/${row.organization_id}/audit-events/${row.id}` },
  };
  if (!details) return event;
  return Object.assign(event, { schemaVersion: 1, payload: JSON.parse(row.payload) as Record<string, unknown> });
}

function labelled(base: { type: string; id: string }, label: string | null) {
  return label === null ? base : Object.assign(base, { label });
}

export function presentAuditEventAction(action: { id: string; label: string }) {
  return { object: 'audit-event-action' as const, id: action.id, label: action.label };
}
