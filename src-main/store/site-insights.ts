import type { AggregateSiteEventsInput, QueryColumn, QueryFilter } from '../../src-shared/schemas/site-insights';
import { badRequest } from '../errors';
import type { Db } from './database';
import { newId } from './ids';

/** One stored event (table site_insight_events). */
export interface SiteInsightEventRecord {
  organizationId: string;
  siteId: string;
  type: string;
  /** ISO 8601 in UTC with milliseconds (`toISOString()`), so text order is time order and strftime reads it. */
  timestamp: string;
  visitorId: string;
  sessionId: string;
  ip: string | null;
  userAgent: string;
  language: string | null;
  referrer: string | null;
  /** JSON */
  cookies: string;
  /** Canonical JSON (keys sorted) of the visitor's claims, so equal claims group together; null without claims. */
  claims: string | null;
  url: string;
  siteSectionId: string | null;
  siteSpaceId: string | null;
  siteShareKey: string | null;
  spaceId: string | null;
  revisionId: string | null;
  pageId: string | null;
  /** JSON `{event, derived}` (see sites/insights-service.ts). */
  data: string;
}

export function insertSiteInsightEvents(db: Db, events: SiteInsightEventRecord[]): void {
  const insert = db.prepare(
    'INSERT INTO site_insight_events (id, organization_id, site_id, record) VALUES (?, ?, ?, ?)',
  );
  for (const e of events) {
    // The stored columns are generated from the record (migration 017): its keys are their names.
    const record = {
      type: e.type,
      timestamp: e.timestamp,
      visitor_id: e.visitorId,
      session_id: e.sessionId,
      ip: e.ip,
      user_agent: e.userAgent,
      language: e.language,
      referrer: e.referrer,
      cookies: e.cookies,
      claims: e.claims,
      url: e.url,
      site_section_id: e.siteSectionId,
      site_space_id: e.siteSpaceId,
      site_share_key: e.siteShareKey,
      space_id: e.spaceId,
      revision_id: e.revisionId,
      page_id: e.pageId,
      data: e.data,
    };
    insert.run(newId(), e.organizationId, e.siteId, JSON.stringify(record));
  }
}

interface VisitorSegmentRow {
  claims: string;
  events: number;
  visitors: number;
  sessions: number;
}

/** Visitors grouped by their exact claims (stored canonical, so GROUP BY the text is GROUP BY the value); the largest first. */
export function listVisitorSegments(db: Db, siteId: string, limit: number): { rows: VisitorSegmentRow[]; total: number } {
  const rows = db
    .prepare(
      `SELECT claims, COUNT(*) AS events, COUNT(DISTINCT visitor_id) AS visitors, COUNT(DISTINCT session_id) AS sessions
       FROM site_insight_events WHERE site_id = ? AND claims IS NOT NULL
       GROUP BY claims ORDER BY events DESC, claims ASC LIMIT ?`,
    )
    .all(siteId, limit) as VisitorSegmentRow[];
  const { total } = db
    .prepare('SELECT COUNT(DISTINCT claims) AS total FROM site_insight_events WHERE site_id = ? AND claims IS NOT NULL')
    .get(siteId) as { total: number };
  return { rows, total };
}

// --- The aggregation query builder ---------------------------------------------------------------------
// Every SQL fragment below is a constant chosen from a whitelist by column name; every value a caller
// gives (filter values, claim names, the range, the limit) is a bound parameter.

const derived = (key: string) => `json_extract(data, '$.derived.${key}')`;
const field = (path: string) => `json_extract(data, '$.event.${path}')`;
const FEEDBACK_TYPES = ['page_post_feedback', 'page_post_feedback_comment'];
const DATETIME_SQL = {
  none: 'timestamp',
  hour: `strftime('%Y-%m-%dT%H:00:00.000Z', timestamp)`,
  day: `strftime('%Y-%m-%dT00:00:00.000Z', timestamp)`,
  // Weeks start on Monday (ISO 8601): 'weekday 0' moves to the coming Sunday (or stays), then back 6 days.
  week: `strftime('%Y-%m-%dT00:00:00.000Z', timestamp, 'weekday 0', '-6 days')`,
  month: `strftime('%Y-%m-01T00:00:00.000Z', timestamp)`,
} as const;

interface ColumnSql {
  /** The SQL read for the column: one expression, several for objects (page, ratings). */
  exprs: string[];
  aggregate: boolean;
  /** The column only describes these event types: using it restricts the rows to them. */
  types?: readonly string[];
  /** Further restriction of the rows the column describes. */
  restrict?: string;
  /** Row values → the API's value. */
  decode: (values: unknown[]) => unknown;
}

const one = (expr: string, options: { types?: readonly string[]; restrict?: string; decode?: (v: unknown) => unknown } = {}): ColumnSql => ({
  exprs: [expr],
  aggregate: false,
  types: options.types,
  restrict: options.restrict,
  decode: (values) => (options.decode ? options.decode(values[0]) : values[0]),
});
const countOf = (expr: string): ColumnSql => ({ exprs: [expr], aggregate: true, decode: (values) => values[0] });
const orEmpty = (expr: string) => one(`COALESCE(${expr}, '')`);
const jsonValue = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

const STATIC_COLUMNS: Record<string, ColumnSql | string> = {
  url: one('url'),
  eventType: one('type'),
  eventsCount: countOf('COUNT(*)'),
  sessionsCount: countOf('COUNT(DISTINCT session_id)'),
  visitorsCount: countOf('COUNT(DISTINCT visitor_id)'),
  siteSection: one('site_section_id'),
  siteSpace: one('site_space_id'),
  siteShareKey: one('site_share_key'),
  page: {
    exprs: ['space_id', 'page_id'],
    aggregate: false,
    decode: ([space, page]) => (space === null ? null : { page, space }),
  },
  visitorDevice: one(derived('device')),
  visitorBrowser: one(derived('browser')),
  visitorOS: one(derived('os')),
  visitorBot: one(derived('bot')),
  visitorLanguage: one('language'),
  eventLinkTargetValue: one(field('link.target'), { types: ['link_click'], decode: jsonValue }),
  eventLinkTargetKind: one(field('link.target.kind'), { types: ['link_click'], restrict: `${field('link.target.kind')} <> 'openapi'` }),
  eventLinkTargetDomain: one(derived('linkTargetDomain'), { types: ['link_click'] }),
  eventLinkPosition: one(field('link.position'), { types: ['link_click'] }),
  eventAPIOperationPath: one(field('operation.path'), { types: ['api_client_open', 'api_client_request'] }),
  eventAPIOperationMethod: one(field('operation.method'), { types: ['api_client_open', 'api_client_request'] }),
  eventSearchQuery: one(field('query'), { types: ['search_type_query', 'search_open_result'] }),
  eventPageFeedbackRating: one(field('feedback.rating'), { types: FEEDBACK_TYPES }),
  eventPageFeedbackComment: one(field('feedback.comment'), { types: ['page_post_feedback_comment'] }),
  eventAskResponseRating: one(field('rating'), { types: ['ask_rate_response'] }),
  pageFeedbackRating: {
    exprs: ['ok', 'good', 'bad'].map(
      (r) => `SUM(CASE WHEN type IN ('page_post_feedback', 'page_post_feedback_comment') AND ${field('feedback.rating')} = '${r}' THEN 1 ELSE 0 END)`,
    ),
    aggregate: true,
    decode: ([ok, good, bad]) => ({ ok, good, bad }),
  },
  askResponseRating: {
    exprs: [1, -1].map((r) => `SUM(CASE WHEN type = 'ask_rate_response' AND ${field('rating')} = ${r} THEN 1 ELSE 0 END)`),
    aggregate: true,
    decode: ([positive, negative]) => ({ positive, negative }),
  },
  // Events without a referrer or a UTM parameter report '' (the spec's values are strings, never null).
  referrer: orEmpty('referrer'),
  referrerDomain: orEmpty(derived('referrerDomain')),
  utmSource: orEmpty(derived('utmSource')),
  utmMedium: orEmpty(derived('utmMedium')),
  utmCampaign: orEmpty(derived('utmCampaign')),
  utmTerm: orEmpty(derived('utmTerm')),
  utmContent: orEmpty(derived('utmContent')),
  eventAdDomain: one(field('ad.domain'), { types: ['ad_click', 'ad_display'] }),
  eventAdPlacement: one(field('ad.placement'), { types: ['ad_click', 'ad_display'] }),
  eventTrademarkPlacement: one(field('placement'), { types: ['trademark_click'] }),
  // Not computed, with the reason given to the caller.
  visitorGeoCountry: 'needs IP geolocation, which Folio does not have',
  visitorGeoPoint: 'needs IP geolocation, which Folio does not have',
  visitorClaimProperty: 'is not supported by Folio; use visitorClaim with a claim name',
};

/** Named parameters of one query; claims reuse one parameter per claim. */
class Params {
  readonly values: Record<string, unknown> = {};
  private n = 0;
  add(value: unknown): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return `@${name}`;
  }
}

/** A claim's value as text: strings as they are, true/false, numbers, objects and arrays as JSON. */
function claimSql(path: string): string {
  return `CASE json_type(claims, ${path}) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(json_extract(claims, ${path}) AS TEXT) END`;
}

function columnSql(column: QueryColumn, params: Params, where: string): ColumnSql {
  if (column.column === 'datetime') return one(DATETIME_SQL[column.interval ?? 'none']);
  if (column.column === 'visitorClaim') {
    const path = params.add(`$.${column.claim.split('.').map((part) => `"${part}"`).join('.')}`);
    return one(claimSql(path), { restrict: `json_type(claims, ${path}) IS NOT NULL AND json_type(claims, ${path}) <> 'null'` });
  }
  const found = STATIC_COLUMNS[column.column]!;
  if (typeof found === 'string') throw badRequest(`${where}: ${column.column} ${found}`);
  return found;
}

const columnKey = (c: QueryColumn) =>
  c.column === 'datetime' ? `datetime:${c.interval ?? ''}` : c.column === 'visitorClaim' ? `visitorClaim:${c.claim}` : c.column;

interface AggregateRange {
  from: string;
  to: string;
}

/** The result's columns, in the order of `select`. */
export type AggregateColumns = Array<{ column: string; claim?: string; values: unknown[] }>;

/**
 * Runs SiteInsightsQueryEventsAggregation in one SQL statement. Rules where the spec is silent:
 * selected columns that are not aggregations are grouped by even when `groupBy` omits them; `select`
 * defaults to the groupBy columns and eventsCount; rows are ordered by `order`, then by every grouped
 * column ascending (so a limit cuts at a stable place).
 */
export function aggregateSiteInsightEvents(db: Db, siteId: string, query: AggregateSiteEventsInput, range: AggregateRange): AggregateColumns {
  const params = new Params();
  const select = query.select?.length ? query.select : [...(query.groupBy ?? []), { column: 'eventsCount' } as QueryColumn];
  const conditions = [`site_id = ${params.add(siteId)}`, `timestamp >= ${params.add(range.from)}`, `timestamp <= ${params.add(range.to)}`];
  const having: string[] = [];
  const restrictTo = (sql: ColumnSql) => {
    if (sql.types) conditions.push(`type IN (${sql.types.map((t) => `'${t}'`).join(', ')})`);
    if (sql.restrict) conditions.push(sql.restrict);
  };

  // Grouped columns (by key), each with its SQL aliases.
  const groups = new Map<string, { sql: ColumnSql; aliases: string[] }>();
  const group = (column: QueryColumn, where: string) => {
    const key = columnKey(column);
    if (groups.has(key)) return groups.get(key)!;
    const sql = columnSql(column, params, where);
    if (sql.aggregate) return undefined;
    restrictTo(sql);
    const entry = { sql, aliases: sql.exprs.map((_, i) => `g${groups.size}_${i}`) };
    groups.set(key, entry);
    return entry;
  };
  (query.groupBy ?? []).forEach((column, i) => {
    if (!group(column, `groupBy.${i}.column`)) throw badRequest(`groupBy.${i}.column: ${column.column} is an aggregation and cannot be grouped by`);
  });

  const outputs = select.map((column, i) => {
    const where = `select.${i}.column`;
    const grouped = group(column, where);
    if (grouped) return { column, sql: grouped.sql, aliases: grouped.aliases };
    const sql = columnSql(column, params, where);
    return { column, sql, aliases: sql.exprs.map((_, j) => `a${i}_${j}`) };
  });

  (query.where ?? []).forEach((filter, i) => {
    const column = (filter.column === 'visitorClaim' ? { column: 'visitorClaim', claim: filter.claim! } : { column: filter.column }) as QueryColumn;
    const sql = columnSql(column, params, `where.${i}.column`);
    if (!sql.aggregate) restrictTo(sql);
    (sql.aggregate ? having : conditions).push(filterSql(filter, sql, params, `where.${i}`));
  });

  let orderSql = '';
  if (query.order) {
    const by = query.order.by;
    const sql = columnSql(by, params, 'order.by.column');
    if (sql.exprs.length !== 1) throw badRequest(`order.by.column: ${by.column} cannot be ordered by`);
    const direction = query.order.direction === 'desc' ? 'DESC' : 'ASC';
    if (sql.aggregate) orderSql = `${sql.exprs[0]} ${direction}`;
    else {
      const grouped = groups.get(columnKey(by));
      if (!grouped) throw badRequest(`order.by.column: ${by.column} must be selected or grouped by to order by it`);
      orderSql = `${grouped.aliases[0]} ${direction}`;
    }
  }

  const columnsSql = [
    ...[...groups.values()].flatMap((g) => g.sql.exprs.map((expr, i) => `${expr} AS ${g.aliases[i]}`)),
    ...outputs.filter((o) => o.sql.aggregate).flatMap((o) => o.sql.exprs.map((expr, i) => `${expr} AS ${o.aliases[i]}`)),
  ];
  const groupAliases = [...groups.values()].flatMap((g) => g.aliases);
  const order = [orderSql, ...groupAliases.map((a) => `${a} ASC`)].filter(Boolean);
  const sql = [
    `SELECT ${columnsSql.join(', ')} FROM site_insight_events`,
    `WHERE ${conditions.map((c) => `(${c})`).join(' AND ')}`,
    groupAliases.length ? `GROUP BY ${groupAliases.join(', ')}` : '',
    having.length ? `HAVING ${having.map((c) => `(${c})`).join(' AND ')}` : '',
    order.length ? `ORDER BY ${order.join(', ')}` : '',
    `LIMIT ${params.add(query.limit)}`,
  ].join(' ');
  const rows = db.prepare(sql).all(params.values) as Array<Record<string, unknown>>;

  return outputs.map(({ column, sql: columnSqlOf, aliases }) => ({
    column: column.column,
    ...(column.column === 'visitorClaim' ? { claim: column.claim } : {}),
    values: rows.map((row) => columnSqlOf.decode(aliases.map((a) => row[a]))),
  }));
}

const COMPARISONS = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' } as const;

/** One `where` entry as SQL over the column's expressions, its values bound. */
function filterSql(filter: QueryFilter, sql: ColumnSql, params: Params, where: string): string {
  const operator = filter.operator ?? 'in';
  const values = filter.values.map((v) => filterValue(filter.column, v));
  if (operator !== 'in' && operator !== 'notIn') {
    if (sql.exprs.length !== 1 || filter.column === 'eventLinkTargetValue') throw badRequest(`${where}.operator: ${filter.column} can only be compared with in and notIn`);
    if (values.length !== 1 || values[0] === null) throw badRequest(`${where}.values: the ${operator} operator takes exactly one value, not null`);
    return `${sql.exprs[0]} ${COMPARISONS[operator]} ${params.add(values[0])}`;
  }
  let matches: string;
  if (filter.column === 'page') {
    const alternatives = (values as Array<{ page: string | null; space: string } | null>).map((v) =>
      v === null ? 'space_id IS NULL' : `(space_id = ${params.add(v.space)} AND page_id IS ${params.add(v.page)})`,
    );
    matches = alternatives.length ? alternatives.join(' OR ') : '0';
  } else {
    const expr = sql.exprs[0]!;
    const present = values.filter((v) => v !== null);
    const alternatives = [
      ...(present.length ? [`${expr} IN (${present.map((v) => params.add(v)).join(', ')})`] : []),
      ...(present.length < values.length ? [`${expr} IS NULL`] : []),
    ];
    matches = alternatives.length ? alternatives.join(' OR ') : '0';
  }
  // COALESCE: `NULL IN (...)` is NULL, which must count as "not in the list" both ways.
  return operator === 'in' ? `COALESCE(${matches}, 0)` : `NOT COALESCE(${matches}, 0)`;
}

/** A filter value in the form it is stored in. */
function filterValue(column: string, value: unknown): unknown {
  if (column === 'datetime') return new Date(value as string).toISOString();
  if (column === 'eventLinkTargetValue') return canonicalJson(value);
  if (column === 'visitorBot' && value === '') return null;
  return value;
}

/** JSON with object keys sorted at every depth: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
