import { z } from 'zod';

// GitBook 0.137.0's site insights: the events a site's visitors cause (SiteInsightsEvent*, one shape per
// type) and the aggregation query over them (SiteInsightsQueryEventsAggregation). The spec bounds almost
// nothing; Folio bounds every string and list so one request cannot store or ask for without limit.

export const SITE_INSIGHTS_EVENT_TYPES = [
  'page_view',
  'search_open',
  'search_type_query',
  'search_open_result',
  'page_post_feedback',
  'page_post_feedback_comment',
  'ask_question',
  'ask_rate_response',
  'link_click',
  'api_client_open',
  'api_client_request',
  'ad_click',
  'ad_display',
  'trademark_click',
] as const;

const PAGE_FEEDBACK_RATINGS = ['bad', 'ok', 'good'] as const;
const LINK_POSITIONS = ['announcement', 'header', 'footer', 'sidebar', 'content'] as const;
const TRADEMARK_PLACEMENTS = ['sidebar', 'ad', 'footer', 'pdf'] as const;
const AD_PLACEMENTS = ['aside'] as const;
const VISITOR_BROWSERS = ['chrome', 'firefox', 'safari', 'edge', 'ie', 'opera', 'unknown'] as const;
const VISITOR_DEVICES = ['desktop', 'tablet', 'mobile', 'unknown'] as const;
const VISITOR_OSES = ['windows', 'macos', 'linux', 'android', 'ios', 'unknown'] as const;
const VISITOR_BOTS = ['unknown', 'googlebot', 'bingbot', 'duckduckbot', 'facebookbot', 'applebot', 'chatgpt', 'anthropic'] as const;
/** The link target kinds the eventLinkTargetKind column reports (the spec's list has no `openapi`). */
const LINK_TARGET_KINDS = ['url', 'page', 'file', 'anchor', 'space', 'collection', 'user', 'reusable-content'] as const;

/** At most this many events per request. */
const MAX_EVENTS_PER_REQUEST = 1000;
const MAX_JSON_CHARS = 16_384;

const id = z.string().max(256);
const text = z.string().max(4096);
const url = z.url().max(2048);
export const timestamp = z.iso.datetime({ offset: true });

/** A PlainObject (a JSON object: a request body holds nothing else), bounded by its serialized size. */
const plainObject = z
  .record(z.string().max(256), z.unknown())
  .refine((value) => JSON.stringify(value).length <= MAX_JSON_CHARS, `must be at most ${MAX_JSON_CHARS} characters as JSON`);

const session = z.object({
  visitorId: z.string().min(1).max(256),
  sessionId: z.string().min(1).max(256),
  cookies: z
    .record(z.string().max(256), text)
    .refine((value) => JSON.stringify(value).length <= MAX_JSON_CHARS, `must be at most ${MAX_JSON_CHARS} characters as JSON`),
  /** Defaults to the address the request came from. */
  ip: z.string().max(64).optional(),
  userAgent: z.string().max(1024),
  language: z.string().max(64).nullable(),
  referrer: z.union([z.literal(''), url]).nullable(),
  /** Deprecated by GitBook in favour of visitorAuthClaims; accepted and not kept. */
  visitorAuthToken: z.string().max(8192).nullable().optional(),
  visitorAuthClaims: plainObject.optional(),
});

const location = z.object({
  url,
  siteSection: id.nullable(),
  siteSpace: id.nullable(),
  siteShareKey: id.nullable(),
  space: id.nullable(),
  revision: id.nullable(),
  page: id.nullable(),
});

const base = { session, location, timestamp: timestamp.optional() };
const query = text;

export const contentRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), file: id }),
  z.object({ kind: z.literal('url'), url: z.string().max(2048) }),
  z.object({ kind: z.literal('page'), page: id, space: id.optional() }),
  z.object({ kind: z.literal('anchor'), anchor: id, space: id.optional(), page: id.optional() }),
  z.object({ kind: z.literal('user'), user: id }),
  z.object({ kind: z.literal('collection'), collection: id }),
  z.object({ kind: z.literal('space'), space: id }),
  z.object({ kind: z.literal('reusable-content'), reusableContent: id, space: id.optional() }),
  z.object({ kind: z.literal('openapi'), spec: id }),
]);

const operation = z.object({ path: text, method: z.string().max(16) });
const ad = z.object({ domain: z.string().max(256), zoneId: id, placement: z.enum(AD_PLACEMENTS) });
const rating = z.enum(PAGE_FEEDBACK_RATINGS);

/** One event, by its `type` (SiteInsightsEvent's oneOf). Unknown properties are dropped, not refused. */
const siteInsightsEvent = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('page_view') }),
  z.object({ ...base, type: z.literal('search_open') }),
  z.object({ ...base, type: z.literal('search_type_query'), query }),
  z.object({ ...base, type: z.literal('search_open_result'), query, result: z.object({ spaceId: id, pageId: id }) }),
  z.object({ ...base, type: z.literal('page_post_feedback'), feedback: z.object({ rating }) }),
  z.object({ ...base, type: z.literal('page_post_feedback_comment'), feedback: z.object({ rating, comment: z.string().min(1).max(512) }) }),
  z.object({ ...base, type: z.literal('ask_question'), query }),
  z.object({
    ...base,
    type: z.literal('ask_rate_response'),
    query,
    rating: z.union([z.literal(1), z.literal(-1)]),
    responseId: id,
  }),
  z.object({ ...base, type: z.literal('link_click'), link: z.object({ target: contentRef, position: z.enum(LINK_POSITIONS) }) }),
  z.object({ ...base, type: z.literal('api_client_open'), operation }),
  z.object({ ...base, type: z.literal('api_client_request'), operation }),
  z.object({ ...base, type: z.literal('trademark_click'), placement: z.enum(TRADEMARK_PLACEMENTS) }),
  z.object({ ...base, type: z.literal('ad_click'), ad }),
  z.object({ ...base, type: z.literal('ad_display'), ad }),
]);
export type SiteInsightsEventInput = z.infer<typeof siteInsightsEvent>;

export const trackSiteEventsBody = z.strictObject({
  events: z.array(siteInsightsEvent).max(MAX_EVENTS_PER_REQUEST),
});

// --- The aggregation query ---------------------------------------------------------------------------

const DATETIME_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
const RANGE_PRESETS = ['lastYear', 'last3Months', 'last30Days', 'last7Days', 'last24Hours'] as const;
const QUERY_OPERATORS = ['in', 'notIn', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'] as const;

/** Every column of SiteInsightsQueryEventsColumn except the three with options of their own. */
const PLAIN_QUERY_COLUMNS = [
  'url',
  'eventType',
  'eventsCount',
  'sessionsCount',
  'visitorsCount',
  'siteSection',
  'siteSpace',
  'siteShareKey',
  'page',
  'visitorGeoCountry',
  'visitorDevice',
  'visitorBrowser',
  'visitorOS',
  'visitorBot',
  'visitorLanguage',
  'eventLinkTargetValue',
  'eventLinkTargetKind',
  'eventLinkTargetDomain',
  'eventLinkPosition',
  'eventAPIOperationPath',
  'eventAPIOperationMethod',
  'eventSearchQuery',
  'eventPageFeedbackRating',
  'eventPageFeedbackComment',
  'eventAskResponseRating',
  'pageFeedbackRating',
  'askResponseRating',
  'referrer',
  'referrerDomain',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'visitorClaimProperty',
  'eventAdDomain',
  'eventAdPlacement',
  'eventTrademarkPlacement',
] as const;
type QueryColumnName = (typeof PLAIN_QUERY_COLUMNS)[number] | 'datetime' | 'visitorGeoPoint' | 'visitorClaim';

/** A claim's name: dotted for nested claims (`company.plan`). */
const claimName = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^."\\]+(\.[^."\\]+)*$/, 'must be a claim name, dotted for nested claims (company.plan)');

const queryColumn = z.discriminatedUnion('column', [
  z.strictObject({ column: z.literal('datetime'), interval: z.enum(DATETIME_INTERVALS).optional() }),
  z.strictObject({ column: z.literal('visitorGeoPoint'), precision: z.number().int().min(0).max(15).optional() }),
  z.strictObject({ column: z.literal('visitorClaim'), claim: claimName }),
  z.strictObject({ column: z.enum(PLAIN_QUERY_COLUMNS) }),
]);
export type QueryColumn = z.infer<typeof queryColumn>;

const pageValue = z.union([z.null(), z.strictObject({ page: id.nullable(), space: id })]);
const nullableId = id.nullable();
const str = z.string().max(2048);
const count = z.number();

/** What a filter's `values` may hold, column by column (SiteInsightsQueryEventsValues). */
const FILTER_VALUES: Partial<Record<QueryColumnName, z.ZodType>> = {
  datetime: timestamp,
  url,
  eventsCount: count,
  sessionsCount: count,
  visitorsCount: count,
  eventType: z.enum(SITE_INSIGHTS_EVENT_TYPES),
  visitorClaim: str,
  visitorClaimProperty: str,
  visitorBrowser: z.enum(VISITOR_BROWSERS),
  visitorDevice: z.enum(VISITOR_DEVICES),
  visitorOS: z.enum(VISITOR_OSES),
  visitorBot: z.union([z.enum(VISITOR_BOTS), z.literal(''), z.null()]),
  eventLinkTargetValue: contentRef,
  eventLinkTargetKind: z.enum(LINK_TARGET_KINDS),
  eventLinkPosition: z.enum(LINK_POSITIONS),
  siteSection: nullableId,
  siteSpace: nullableId,
  siteShareKey: nullableId,
  page: pageValue,
  visitorGeoCountry: nullableId,
  visitorLanguage: nullableId,
  eventLinkTargetDomain: nullableId,
  eventAPIOperationPath: str.nullable(),
  eventAPIOperationMethod: str.nullable(),
  eventSearchQuery: str,
  eventPageFeedbackRating: rating,
  eventAskResponseRating: z.number().int(),
  eventPageFeedbackComment: str,
  referrer: str,
  referrerDomain: str,
  utmSource: str,
  utmMedium: str,
  utmCampaign: str,
  utmTerm: str,
  utmContent: str,
  eventAdDomain: str,
  eventAdPlacement: z.enum(AD_PLACEMENTS),
  eventTrademarkPlacement: z.enum(TRADEMARK_PLACEMENTS),
};

const queryFilter = z
  .strictObject({
    column: z.enum(['datetime', 'visitorGeoPoint', 'visitorClaim', ...PLAIN_QUERY_COLUMNS]),
    claim: claimName.optional(),
    operator: z.enum(QUERY_OPERATORS).optional(),
    values: z.array(z.unknown()).max(1000),
  })
  .superRefine((filter, ctx) => {
    if (filter.column === 'visitorClaim' && filter.claim === undefined) {
      ctx.addIssue({ code: 'custom', path: ['claim'], message: 'is required for the visitorClaim column' });
    }
    const schema = FILTER_VALUES[filter.column];
    if (!schema) {
      ctx.addIssue({ code: 'custom', path: ['column'], message: `${filter.column} cannot be filtered on` });
      return;
    }
    filter.values.forEach((value, i) => {
      const result = schema.safeParse(value);
      if (!result.success) ctx.addIssue({ code: 'custom', path: ['values', i], message: result.error.issues[0]!.message });
    });
  });
export type QueryFilter = z.infer<typeof queryFilter>;

const queryRange = z.union([z.enum(RANGE_PRESETS), z.strictObject({ from: timestamp, to: timestamp })]);
export type QueryRange = z.infer<typeof queryRange>;

export const aggregateSiteEventsBody = z.strictObject({
  select: z.array(queryColumn).max(20).optional(),
  where: z.array(queryFilter).max(20).optional(),
  groupBy: z.array(queryColumn).max(10).optional(),
  order: z.strictObject({ by: queryColumn, direction: z.enum(['asc', 'desc']) }).optional(),
  range: queryRange,
  limit: z.number().int('must be a whole number').min(1).max(1000).default(1000),
});
export type AggregateSiteEventsInput = z.infer<typeof aggregateSiteEventsBody>;
