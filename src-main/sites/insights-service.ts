import type { AggregateSiteEventsInput, QueryRange, SiteInsightsEventInput } from '../../src-shared/schemas/site-insights';
import { type ServiceContext, systemClock } from '../app/context';
import { badRequest } from '../errors';
import { type Db, inTransaction } from '../store/database';
import {
  type AggregateColumns,
  aggregateSiteInsightEvents,
  canonicalJson,
  insertSiteInsightEvents,
  listVisitorSegments,
  type SiteInsightEventRecord,
} from '../store/site-insights';
import type { SiteRow } from '../store/sites';
import { requireSite } from './access';
import { parseUserAgent } from './user-agent';

export type { SiteInsightsEventInput } from '../../src-shared/schemas/site-insights';

/** GitBook: an event's own timestamp "must be within 5 minutes of the current time". */
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
/** Segments returned at most (the operation takes no page parameter); `count` still counts them all. */
const MAX_SEGMENTS = 1000;

/**
 * Stores events of a site in one transaction, with no authorization (callers check it: the /v1 route, the
 * site preview). `defaults.ip` is the address used for events whose session names none; `defaults.now`
 * is the time of events without a timestamp (pass `ctx.clock.now()`; the system clock otherwise). Each
 * event's own fields, and what is derived from it once here (user-agent classes, referrer domain, UTM
 * parameters, link target domain), are kept in `data` as `{event, derived}` for the aggregation to read.
 */
export function recordSiteEvents(db: Db, site: SiteRow, events: SiteInsightsEventInput[], defaults: { ip?: string; now?: Date }): void {
  const now = (defaults.now ?? systemClock.now()).toISOString();
  const records = events.map((event) => toRecord(site, event, defaults.ip ?? null, now));
  inTransaction(db, () => insertSiteInsightEvents(db, records));
}

function toRecord(site: SiteRow, event: SiteInsightsEventInput, ip: string | null, now: string): SiteInsightEventRecord {
  const { session, location, timestamp, type, ...own } = event;
  const agent = parseUserAgent(session.userAgent);
  const utm = searchParams(location.url);
  const target = 'link' in event ? event.link.target : undefined;
  const derived = {
    browser: agent.browser,
    os: agent.os,
    device: agent.device,
    bot: agent.bot,
    referrerDomain: session.referrer ? hostnameOf(session.referrer) : null,
    utmSource: utm?.get('utm_source') ?? null,
    utmMedium: utm?.get('utm_medium') ?? null,
    utmCampaign: utm?.get('utm_campaign') ?? null,
    utmTerm: utm?.get('utm_term') ?? null,
    utmContent: utm?.get('utm_content') ?? null,
    linkTargetDomain: target?.kind === 'url' ? hostnameOf(target.url) : null,
  };
  const claims = session.visitorAuthClaims;
  return {
    organizationId: site.organization_id,
    siteId: site.id,
    type,
    timestamp: timestamp ? new Date(timestamp).toISOString() : now,
    visitorId: session.visitorId,
    sessionId: session.sessionId,
    ip: session.ip ?? ip,
    userAgent: session.userAgent,
    language: session.language,
    referrer: session.referrer,
    cookies: JSON.stringify(session.cookies),
    // No claims and empty claims are the same: an anonymous visitor.
    claims: claims && Object.keys(claims).length ? canonicalJson(claims) : null,
    url: location.url,
    siteSectionId: location.siteSection,
    siteSpaceId: location.siteSpace,
    siteShareKey: location.siteShareKey,
    spaceId: location.space,
    revisionId: location.revision,
    pageId: location.page,
    data: canonicalJson({ event: own, derived }),
  };
}

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

function searchParams(url: string): URLSearchParams | undefined {
  try {
    return new URL(url).searchParams;
  } catch {
    return undefined;
  }
}

/** POST .../insights/events: any member who can read the site may record its visitors' events. */
export function trackSiteEvents(ctx: ServiceContext, organizationId: string, siteId: string, events: SiteInsightsEventInput[], callerIp: string | undefined): void {
  inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId);
    const now = ctx.clock.now();
    events.forEach((event, i) => {
      if (event.timestamp && Math.abs(new Date(event.timestamp).getTime() - now.getTime()) > TIMESTAMP_TOLERANCE_MS) {
        throw badRequest(`events.${i}.timestamp: must be within 5 minutes of the current time (${now.toISOString()})`);
      }
    });
    recordSiteEvents(ctx.db, site, events, { ip: callerIp, now });
  });
}

export function aggregateSiteEvents(ctx: ServiceContext, organizationId: string, siteId: string, query: AggregateSiteEventsInput): AggregateColumns {
  const { site } = requireSite(ctx, organizationId, siteId);
  return aggregateSiteInsightEvents(ctx.db, site.id, query, rangeOf(query.range, ctx.clock.now()));
}

/** A preset counts back from now; a custom range is taken as given. Both ends are included. */
export function rangeOf(range: QueryRange, now: Date): { from: string; to: string } {
  if (typeof range === 'object') {
    const from = new Date(range.from);
    const to = new Date(range.to);
    if (from > to) throw badRequest('range.to: must not be before range.from');
    return { from: from.toISOString(), to: to.toISOString() };
  }
  const from = new Date(now);
  if (range === 'lastYear') from.setUTCFullYear(from.getUTCFullYear() - 1);
  else if (range === 'last3Months') from.setUTCMonth(from.getUTCMonth() - 3);
  else if (range === 'last30Days') from.setUTCDate(from.getUTCDate() - 30);
  else if (range === 'last7Days') from.setUTCDate(from.getUTCDate() - 7);
  else from.setUTCHours(from.getUTCHours() - 24);
  return { from: from.toISOString(), to: now.toISOString() };
}

interface VisitorSegment {
  title: string;
  claims: Record<string, unknown>;
  events: number;
  visitors: number;
  sessions: number;
}

/**
 * Visitors grouped by their claims (session.visitorAuthClaims), the segment with most events first.
 * Visitors without claims belong to no segment: the spec's segment always has claims to show.
 */
export function listSiteVisitorSegments(ctx: ServiceContext, organizationId: string, siteId: string): { items: VisitorSegment[]; count: number } {
  const { site } = requireSite(ctx, organizationId, siteId);
  const { rows, total } = listVisitorSegments(ctx.db, site.id, MAX_SEGMENTS);
  const items = rows.map((row) => {
    const claims = JSON.parse(row.claims) as Record<string, unknown>;
    return { title: segmentTitle(claims), claims, events: row.events, visitors: row.visitors, sessions: row.sessions };
  });
  return { items, count: total };
}

const MAX_TITLE = 200;

/** `company.plan: pro, role: admin`: every claim (nested ones dotted), in key order. */
function segmentTitle(claims: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value).sort()) walk((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    } else parts.push(`${path}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  };
  walk(claims, '');
  const title = parts.join(', ') || canonicalJson(claims);
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}
