import type { ListQuery } from '../../src-shared/schemas/common';
import type { ServiceContext } from '../app/context';
import { notFound, notImplemented } from '../errors';
import { requireIntegration } from './access';

/**
 * Folio stores and serves an integration's code but never runs it (docs/integrations.md). What GitBook's runtime
 * produces is answered honestly from that fact: no event was ever delivered to an integration, so its event log
 * is empty (GitBook's CLI `gitbook tail` then waits for events, as it does for an integration nobody uses), and
 * the operations that would run its code answer 501, saying so.
 */

/** GET /integrations/{integrationName}/events: the events delivered to the integration; its publishers' admins read them. */
export function listIntegrationEvents(ctx: ServiceContext, name: string, query: ListQuery) {
  requireIntegration(ctx, name, "read this integration's events");
  return { rows: [] as never[], total: 0, next: undefined, limit: query.limit };
}

/** GET /integrations/{integrationName}/events/{eventId}: there is no event to find. */
export function getIntegrationEvent(ctx: ServiceContext, name: string, eventId: string): never {
  requireIntegration(ctx, name, "read this integration's events");
  throw notFound(`Event "${eventId}" not found: Folio runs no integration code, so it delivers no events to integrations`);
}

/** dev mode, UI rendering and tasks: each would run the integration's code. */
export function refuseIntegrationRuntime(ctx: ServiceContext, name: string, what: string): never {
  requireIntegration(ctx, name);
  throw notImplemented(`${what} needs GitBook's integration runtime: Folio stores and serves integrations but does not run their code`);
}
