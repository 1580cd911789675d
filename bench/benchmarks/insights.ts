import type { AggregateSiteEventsInput, SiteInsightsEventInput } from '../../src-shared/schemas/site-insights';
import { aggregateSiteEvents, rangeOf, recordSiteEvents } from '../../src-main/sites/insights-service';
import { createSite } from '../../src-main/sites/service';
import { fmt, fmtRatio, nowMs, sample, stats, table, type Benchmark, type Stats } from '../lib/harness';
import { openFixture } from '../lib/fixture';

const EVENTS = 100_000;
const BATCH = 1_000;
const RUNS = 20;
const WARMUP = 3;
const DAY = 86_400_000;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

/** Event i of the data set: 2,000 visitors, 20,000 sessions, 200 pages, spread over the last 13 months. */
function eventAt(i: number, now: number): SiteInsightsEventInput {
  const visitor = (i * 7919) % 2000;
  const page = (i * 31) % 200;
  return {
    type: i % 10 === 0 ? 'search_type_query' : 'page_view',
    ...(i % 10 === 0 ? { query: `q${i % 50}` } : {}),
    timestamp: new Date(now - ((i * 7_919) % 395) * DAY - ((i * 104_729) % DAY)).toISOString(),
    session: {
      visitorId: `v${visitor}`,
      sessionId: `s${i % 20_000}`,
      cookies: {},
      userAgent: AGENTS[visitor % AGENTS.length]!,
      language: 'en',
      referrer: null,
      ...(visitor % 3 ? { visitorAuthClaims: { plan: visitor % 3 === 1 ? 'free' : 'pro' } } : {}),
    },
    location: { url: `https://docs.example.com/p${page}`, siteSection: null, siteSpace: null, siteShareKey: null, space: 'sp', revision: null, page: `page${page}` },
  } as SiteInsightsEventInput;
}

interface Case {
  label: string;
  query: AggregateSiteEventsInput;
  /** The same result written by hand in SQL: the floor any builder could reach. */
  baseline: string;
}

const CASES: Case[] = [
  {
    label: 'events by day, last year',
    query: { select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }], groupBy: [{ column: 'datetime', interval: 'day' }], range: 'lastYear', limit: 1000 },
    baseline: `SELECT strftime('%Y-%m-%dT00:00:00.000Z', timestamp) AS d, COUNT(*) FROM site_insight_events
               WHERE site_id = @site AND timestamp >= @from AND timestamp <= @to GROUP BY d ORDER BY d LIMIT 1000`,
  },
  {
    label: 'top 10 urls by unique visitors, last year',
    query: { select: [{ column: 'url' }, { column: 'visitorsCount' }], order: { by: { column: 'visitorsCount' }, direction: 'desc' }, range: 'lastYear', limit: 10 },
    baseline: `SELECT url, COUNT(DISTINCT visitor_id) AS n FROM site_insight_events
               WHERE site_id = @site AND timestamp >= @from AND timestamp <= @to GROUP BY url ORDER BY n DESC, url LIMIT 10`,
  },
  {
    label: 'page views by browser (from the user agent), last 30 days',
    query: {
      select: [{ column: 'visitorBrowser' }, { column: 'eventsCount' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      range: 'last30Days',
      limit: 1000,
    },
    baseline: `SELECT json_extract(data, '$.derived.browser') AS b, COUNT(*) FROM site_insight_events
               WHERE site_id = @site AND timestamp >= @from AND timestamp <= @to AND type = 'page_view' GROUP BY b ORDER BY b LIMIT 1000`,
  },
  {
    label: 'sessions by visitor claim `plan`, last 3 months',
    query: { select: [{ column: 'visitorClaim', claim: 'plan' }, { column: 'sessionsCount' }], range: 'last3Months', limit: 1000 },
    baseline: `SELECT json_extract(claims, '$.plan') AS p, COUNT(DISTINCT session_id) FROM site_insight_events
               WHERE site_id = @site AND timestamp >= @from AND timestamp <= @to AND json_extract(claims, '$.plan') IS NOT NULL GROUP BY p ORDER BY p LIMIT 1000`,
  },
];

const benchmark: Benchmark = {
  name: 'insights',
  title: 'Site insights: aggregating 100,000 events',
  order: 60,
  async run({ log }) {
    const fx = openFixture();
    try {
      const site = createSite(fx.ctx, fx.orgId, { title: 'Bench docs' });
      const now = fx.ctx.clock.now();
      const recordStart = nowMs();
      for (let i = 0; i < EVENTS; i += BATCH) {
        const events = Array.from({ length: BATCH }, (_, j) => eventAt(i + j, now.getTime()));
        recordSiteEvents(fx.app.db, site, events, { now });
      }
      const recordMs = nowMs() - recordStart;
      log(`recorded ${EVENTS} events in ${fmt(recordMs, 0)} ms`);

      const rows: Array<Array<string | number>> = [];
      for (const c of CASES) {
        const range = rangeOf(c.query.range, fx.ctx.clock.now());
        const statement = fx.app.db.prepare(c.baseline);
        const folioResult = aggregateSiteEvents(fx.ctx, fx.orgId, site.id, c.query);
        const baselineRows = statement.all({ site: site.id, ...range });
        if (folioResult[0]!.values.length !== baselineRows.length) throw new Error(`${c.label}: Folio and the baseline disagree`);
        // Alternate so both see the same cache state.
        const f: number[] = [];
        const b: number[] = [];
        for (let r = 0; r < RUNS + WARMUP; r += 1) {
          const [tf] = await sample(() => aggregateSiteEvents(fx.ctx, fx.orgId, site.id, c.query), { runs: 1 });
          const [tb] = await sample(() => statement.all({ site: site.id, ...range }), { runs: 1 });
          if (r >= WARMUP) {
            f.push(tf!);
            b.push(tb!);
          }
        }
        const folio: Stats = stats(f);
        const base: Stats = stats(b);
        rows.push([c.label, `${baselineRows.length}`, fmt(base.median), fmt(folio.median), fmt(folio.p95), fmtRatio(folio.median / base.median)]);
        log(`${c.label}: ${fmt(folio.median)} ms (baseline ${fmt(base.median)} ms)`);
      }
      const lines = [
        `${EVENTS.toLocaleString('en-US')} events of one site (2,000 visitors, 20,000 sessions, 200 pages, 13 months; a tenth are searches, ` +
          `two thirds of visitors carry claims) recorded with \`recordSiteEvents\` in batches of ${BATCH} (${fmt(recordMs / (EVENTS / 1000), 1)} ms per ` +
          'thousand events: user agents parsed, each event stored whole with its queried columns generated, and captured for sync as three field changes). Each query is timed through `aggregateSiteEvents` (authorization, range, query builder, ' +
          `SQLite, decoding) against the same result written by hand as one SQL statement on the same connection: ${RUNS} runs each after ` +
          `${WARMUP} warm-ups, alternating.`,
        '',
        table(['query', 'rows', 'hand-written SQL median ms', 'Folio median ms', 'Folio p95 ms', 'ratio'], rows),
        '',
        'Ratio = Folio median ÷ hand-written SQL median.',
      ];
      return { markdown: lines.join('\n') };
    } finally {
      fx.close();
    }
  },
};

export default benchmark;
