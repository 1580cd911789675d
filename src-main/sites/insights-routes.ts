import { aggregateSiteEventsBody, trackSiteEventsBody } from '../../src-shared/schemas/site-insights';
import type { Router } from '../http/router';
import { aggregateSiteEvents, listSiteVisitorSegments, trackSiteEvents } from './insights-service';

/** Site insights: recording visitors' events, aggregating them, and the visitor segments. */
export function registerSiteInsightsRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/sites/{siteId}/insights/events', { effect: 'write', body: trackSiteEventsBody }, ({ ctx, params, body, req }) => {
    const { events } = body;
    trackSiteEvents(ctx, params.organizationId, params.siteId, events, callerAddress(req.socket.remoteAddress));
    return { status: 204 };
  });

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate', { effect: 'read', body: aggregateSiteEventsBody }, ({ ctx, params, body }) => {
    const columns = aggregateSiteEvents(ctx, params.organizationId, params.siteId, body);
    return { status: 200, body: { columns } };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/insights/visitor-segments', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: listSiteVisitorSegments(ctx, params.organizationId, params.siteId),
  }));
}

/**
 * The address the request came from, as GitBook defaults `session.ip` to it. The socket's own peer:
 * forwarding headers are not trusted (anyone can send them). IPv4 peers of a dual-stack socket lose
 * their `::ffff:` prefix.
 */
function callerAddress(address: string | undefined): string | undefined {
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}
