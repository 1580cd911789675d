import type { ServiceContext } from '../app/context';
import { notFound } from '../errors';
import { requireOrgRole } from '../orgs/access';
import { type AuditEventFilters, getAuditEvent, listAuditEvents } from '../store/audit-events';
import type { PageRequest } from '../store/keyset';
import { AUDIT_EVENT_ACTIONS } from './actions';

/** The audit log is the organization admins' (GitBook shows it in the admin settings). */
const READ_ACTION = "read the organization's audit log";

export function listOrganizationAuditEventActions(ctx: ServiceContext, organizationId: string) {
  requireOrgRole(ctx, organizationId, 'admin', READ_ACTION);
  return Object.entries(AUDIT_EVENT_ACTIONS).map(([id, label]) => ({ id, label }));
}

export function listOrganizationAuditEvents(ctx: ServiceContext, organizationId: string, filters: AuditEventFilters, page: PageRequest) {
  requireOrgRole(ctx, organizationId, 'admin', READ_ACTION);
  return listAuditEvents(ctx.db, organizationId, filters, page);
}

export function getOrganizationAuditEvent(ctx: ServiceContext, organizationId: string, auditEventId: string) {
  requireOrgRole(ctx, organizationId, 'admin', READ_ACTION);
  const event = getAuditEvent(ctx.db, organizationId, auditEventId);
  if (!event) throw notFound(`Audit event "${auditEventId}" not found`);
  return event;
}
