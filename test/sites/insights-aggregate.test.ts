import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

// A year (and a bit) of a site's traffic, generated from a seed, posted session by session over /v1 with the
// server's clock set to each session's time (GitBook takes timestamps within 5 minutes of now only), then
// aggregated over /v1 and compared with the same aggregation computed plainly in JS.

const NOW = Date.parse('2026-11-20T15:30:00.000Z');
const DAY = 86_400_000;
let now = NOW;
const server = useTestServer({ clock: { now: () => new Date(now) } });

const SEED = Number(process.env.INSIGHTS_SEED ?? 20261120);

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AGENTS = [
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', browser: 'chrome', os: 'windows', device: 'desktop', bot: null },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', browser: 'safari', os: 'macos', device: 'desktop', bot: null },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', browser: 'firefox', os: 'linux', device: 'desktop', bot: null },
  { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', browser: 'safari', os: 'ios', device: 'mobile', bot: null },
  { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', browser: 'chrome', os: 'android', device: 'mobile', bot: null },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', browser: 'edge', os: 'windows', device: 'desktop', bot: null },
  { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', browser: 'unknown', os: 'unknown', device: 'unknown', bot: 'googlebot' },
] as const;
const PAGES = Array.from({ length: 12 }, (_, i) => ({ url: `https://docs.example.com/p${i}`, page: i < 10 ? `page_${i}` : null, space: i < 11 ? `space_${i % 3}` : null }));
const PLANS = ['free', 'pro', 'enterprise'];
const TYPES = ['page_view', 'page_view', 'page_view', 'search_type_query', 'link_click', 'page_post_feedback', 'ask_rate_response'] as const;

interface Generated {
  type: string;
  ms: number;
  visitor: number;
  session: string;
  agent: (typeof AGENTS)[number];
  page: (typeof PAGES)[number];
  plan: string | null;
  query?: string;
  rating?: string;
  askRating?: number;
  body: Record<string, unknown>;
}

/** About 3,000 events in 450 sessions of 80 visitors over the last 400 days. */
function generate(seed: number) {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const sessions: Array<{ start: number; events: Generated[] }> = [];
  for (let s = 0; s < 450; s += 1) {
    const visitor = Math.floor(random() * 80);
    const agent = AGENTS[visitor % AGENTS.length]!;
    const plan = visitor % 4 === 0 ? null : PLANS[visitor % 3]!;
    const start = NOW - Math.floor(random() * 400 * DAY) - 10 * 60_000;
    const events: Generated[] = [];
    const count = 1 + Math.floor(random() * 13);
    for (let e = 0; e < count; e += 1) {
      const ms = start + e * Math.floor(random() * 15_000);
      const type = pick(TYPES);
      const page = pick(PAGES);
      const own: Record<string, unknown> = {};
      const g: Generated = { type, ms, visitor, session: `s${s}`, agent, page, plan, body: {} };
      if (type === 'search_type_query') own.query = g.query = pick(['install', 'api', 'billing']);
      if (type === 'link_click') own.link = { target: { kind: 'url', url: 'https://github.com/acme' }, position: pick(['content', 'footer']) };
      if (type === 'page_post_feedback') own.feedback = { rating: (g.rating = pick(['bad', 'ok', 'good'])) };
      if (type === 'ask_rate_response') Object.assign(own, { query: 'q', responseId: 'r', rating: (g.askRating = pick([1, -1])) });
      g.body = {
        type,
        ...own,
        timestamp: new Date(ms).toISOString(),
        session: {
          visitorId: `v${visitor}`,
          sessionId: `s${s}`,
          cookies: {},
          userAgent: agent.ua,
          language: visitor % 5 === 0 ? null : pick(['en', 'fr']),
          referrer: null,
          ...(plan ? { visitorAuthClaims: { plan, visitor: visitor % 2 === 0 } } : {}),
        },
        location: { url: page.url, siteSection: null, siteSpace: null, siteShareKey: null, space: page.space, revision: null, page: page.page },
      };
      events.push(g);
    }
    sessions.push({ start, events });
  }
  return sessions;
}

const sessions = generate(SEED);
const all = sessions.flatMap((s) => s.events);
let base = '';

beforeAll(async () => {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body as { id: string };
  base = `/v1/orgs/${org.id}/sites/${site.id}/insights/events`;
  for (const session of sessions) {
    now = session.start + 60_000;
    const res = await server.api.post(base, { events: session.events.map((e) => e.body) });
    if (res.status !== 204) throw new Error(`seed ${SEED}: ${JSON.stringify(res.body)}`);
  }
  now = NOW;
}, 60_000);

// --- The same aggregations in plain JS --------------------------------------------------------------

const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => `${iso(ms).slice(0, 10)}T00:00:00.000Z`;
const monthOf = (ms: number) => `${iso(ms).slice(0, 7)}-01T00:00:00.000Z`;
const weekOf = (ms: number) => {
  const d = new Date(dayOf(ms));
  return dayOf(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
};
const within = (from: number, to = NOW) => all.filter((e) => e.ms >= from && e.ms <= to);
const yearAgo = () => {
  const d = new Date(NOW);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
};

/** Groups events by a key; each group's events count, sessions and visitors. */
function groupCounts<K>(events: Generated[], key: (e: Generated) => K) {
  const groups = new Map<string, { key: K; events: number; sessions: Set<string>; visitors: Set<number> }>();
  for (const e of events) {
    const k = key(e);
    const id = JSON.stringify(k);
    const g = groups.get(id) ?? { key: k, events: 0, sessions: new Set(), visitors: new Set() };
    g.events += 1;
    g.sessions.add(e.session);
    g.visitors.add(e.visitor);
    groups.set(id, g);
  }
  return [...groups.values()].map((g) => ({ key: g.key, events: g.events, sessions: g.sessions.size, visitors: g.visitors.size }));
}
/** SQLite's order: NULL first, then numbers, then text. */
const compare = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : (a as string) < (b as string) ? -1 : 1);

async function aggregate(body: Record<string, unknown>) {
  const res = await server.api.post(`${base}/aggregate`, body);
  if (res.status !== 200) throw new Error(`seed ${SEED}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.columns as Array<{ column: string; values: unknown[] }>;
}

describe(`aggregating site insights events (seed ${SEED}, INSIGHTS_SEED to change)`, () => {
  it('generated a few thousand events, some older than a year', () => {
    expect(all.length).toBeGreaterThan(2000);
    expect(all.some((e) => e.ms < yearAgo())).toBe(true);
  });

  it('counts events by day over the last 30 days', async () => {
    const expected = groupCounts(within(NOW - 30 * DAY), (e) => dayOf(e.ms)).sort((a, b) => compare(a.key, b.key));
    expect(expected.length).toBeGreaterThan(5);
    const columns = await aggregate({ select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }], groupBy: [{ column: 'datetime', interval: 'day' }], range: 'last30Days' });
    expect(columns).toEqual([
      { column: 'datetime', values: expected.map((g) => g.key) },
      { column: 'eventsCount', values: expected.map((g) => g.events) },
    ]);
  });

  it.each([
    ['week', weekOf],
    ['month', monthOf],
  ] as const)('counts events, sessions and visitors by %s over the last year', async (interval, bucket) => {
    const expected = groupCounts(within(yearAgo()), (e) => bucket(e.ms)).sort((a, b) => compare(a.key, b.key));
    const columns = await aggregate({
      select: [{ column: 'datetime', interval }, { column: 'eventsCount' }, { column: 'sessionsCount' }, { column: 'visitorsCount' }],
      groupBy: [{ column: 'datetime', interval }],
      range: 'lastYear',
    });
    expect(columns.map((c) => c.values)).toEqual([expected.map((g) => g.key), expected.map((g) => g.events), expected.map((g) => g.sessions), expected.map((g) => g.visitors)]);
  });

  it('counts unique visitors by page, with the page as {page, space} or null', async () => {
    const expected = groupCounts(within(yearAgo()), (e) => [e.page.space, e.page.page]).sort((a, b) => compare(a.key[0], b.key[0]) || compare(a.key[1], b.key[1]));
    const columns = await aggregate({ select: [{ column: 'page' }, { column: 'visitorsCount' }], groupBy: [{ column: 'page' }], range: 'lastYear' });
    expect(columns[0]!.values).toEqual(expected.map((g) => (g.key[0] === null ? null : { page: g.key[1], space: g.key[0] })));
    expect(columns[1]!.values).toEqual(expected.map((g) => g.visitors));
  });

  it('applies where filters on event types and on user-agent classes', async () => {
    const events = within(yearAgo()).filter((e) => ['page_view', 'link_click'].includes(e.type) && !['chrome', 'edge'].includes(e.agent.browser));
    const expected = groupCounts(events, (e) => e.type).sort((a, b) => compare(a.key, b.key));
    const columns = await aggregate({
      select: [{ column: 'eventType' }, { column: 'eventsCount' }, { column: 'sessionsCount' }],
      where: [
        { column: 'eventType', values: ['page_view', 'link_click'] },
        { column: 'visitorBrowser', operator: 'notIn', values: ['chrome', 'edge'] },
      ],
      range: 'lastYear',
    });
    expect(columns.map((c) => c.values)).toEqual([expected.map((g) => g.key), expected.map((g) => g.events), expected.map((g) => g.sessions)]);
  });

  it('groups by device, OS and bot as derived from the user agent', async () => {
    const expected = groupCounts(within(yearAgo()), (e) => [e.agent.device, e.agent.os, e.agent.bot]).sort(
      (a, b) => compare(a.key[0], b.key[0]) || compare(a.key[1], b.key[1]) || compare(a.key[2], b.key[2]),
    );
    const columns = await aggregate({ select: [{ column: 'visitorDevice' }, { column: 'visitorOS' }, { column: 'visitorBot' }, { column: 'eventsCount' }], range: 'lastYear' });
    expect(columns.map((c) => c.values)).toEqual([...[0, 1, 2].map((i) => expected.map((g) => g.key[i] as unknown)), expected.map((g) => g.events)]);
  });

  it('orders by a count and cuts at the limit, ties broken by the grouped column', async () => {
    const expected = groupCounts(within(yearAgo()), (e) => e.page.url).sort((a, b) => b.events - a.events || compare(a.key, b.key)).slice(0, 3);
    const columns = await aggregate({ select: [{ column: 'url' }, { column: 'eventsCount' }], order: { by: { column: 'eventsCount' }, direction: 'desc' }, limit: 3, range: 'lastYear' });
    expect(columns).toEqual([
      { column: 'url', values: expected.map((g) => g.key) },
      { column: 'eventsCount', values: expected.map((g) => g.events) },
    ]);
  });

  it('selects the grouped columns and eventsCount when select is left out, ordered by a grouped column', async () => {
    const expected = groupCounts(within(NOW - 30 * DAY), (e) => e.type).sort((a, b) => compare(b.key, a.key));
    const columns = await aggregate({ groupBy: [{ column: 'eventType' }], order: { by: { column: 'eventType' }, direction: 'desc' }, range: 'last30Days' });
    expect(columns).toEqual([
      { column: 'eventType', values: expected.map((g) => g.key) },
      { column: 'eventsCount', values: expected.map((g) => g.events) },
    ]);
  });

  it('excludes events outside the range: presets count back from the clock, custom ranges are taken as given', async () => {
    const total = async (range: unknown) => (await aggregate({ select: [{ column: 'eventsCount' }], range }))[0]!.values[0];
    expect(within(yearAgo()).length).toBeLessThan(all.length);
    expect(await total('lastYear')).toBe(within(yearAgo()).length);
    expect(await total('last7Days')).toBe(within(NOW - 7 * DAY).length);
    expect(await total('last24Hours')).toBe(within(NOW - DAY).length);
    const from = NOW - 200 * DAY;
    const to = NOW - 100 * DAY;
    expect(await total({ from: iso(from), to: iso(to) })).toBe(within(from, to).length);
    expect(await total({ from: iso(NOW - 500 * DAY), to: iso(NOW) })).toBe(all.length);
  });

  it('groups by a visitor claim, leaving out visitors without it', async () => {
    const expected = groupCounts(within(yearAgo()).filter((e) => e.plan !== null), (e) => e.plan).sort((a, b) => compare(a.key, b.key));
    const columns = await aggregate({ select: [{ column: 'visitorClaim', claim: 'plan' }, { column: 'visitorsCount' }], range: 'lastYear' });
    expect(columns[0]).toEqual({ column: 'visitorClaim', claim: 'plan', values: expected.map((g) => g.key) });
    expect(columns[1]!.values).toEqual(expected.map((g) => g.visitors));
  });

  it('counts feedback and ask ratings, and filters groups on a count (greaterThan)', async () => {
    const events = within(yearAgo());
    const counts = groupCounts(events, (e) => e.page.url);
    const threshold = counts.map((g) => g.events).sort((a, b) => a - b)[Math.floor(counts.length / 2)]!;
    const byUrl = counts.filter((g) => g.events > threshold).sort((a, b) => compare(a.key, b.key));
    expect(byUrl.length).toBeGreaterThan(1);
    expect(byUrl.length).toBeLessThan(counts.length);
    const ratings = (url: string) => {
      const mine = events.filter((e) => e.page.url === url);
      const n = (r: string) => mine.filter((e) => e.rating === r).length;
      return { ok: n('ok'), good: n('good'), bad: n('bad') };
    };
    const asks = (url: string) => {
      const mine = events.filter((e) => e.page.url === url);
      return { positive: mine.filter((e) => e.askRating === 1).length, negative: mine.filter((e) => e.askRating === -1).length };
    };
    const columns = await aggregate({
      select: [{ column: 'url' }, { column: 'pageFeedbackRating' }, { column: 'askResponseRating' }],
      groupBy: [{ column: 'url' }],
      where: [{ column: 'eventsCount', operator: 'greaterThan', values: [threshold] }],
      range: 'lastYear',
    });
    expect(columns.map((c) => c.values)).toEqual([byUrl.map((g) => g.key), byUrl.map((g) => ratings(g.key)), byUrl.map((g) => asks(g.key))]);
  });

  it('reports event-specific columns over the events that have them only', async () => {
    const expected = groupCounts(within(yearAgo()).filter((e) => e.type === 'search_type_query'), (e) => e.query).sort((a, b) => compare(a.key, b.key));
    const columns = await aggregate({ select: [{ column: 'eventSearchQuery' }, { column: 'eventsCount' }], range: 'lastYear' });
    expect(columns.map((c) => c.values)).toEqual([expected.map((g) => g.key), expected.map((g) => g.events)]);
  });

  it('filters datetime with a comparison operator', async () => {
    const cut = NOW - 90 * DAY;
    const columns = await aggregate({ select: [{ column: 'eventsCount' }], where: [{ column: 'datetime', operator: 'lessThan', values: [iso(cut)] }], range: 'lastYear' });
    expect(columns[0]!.values).toEqual([within(yearAgo()).filter((e) => e.ms < cut).length]);
  });

  it.each([
    [{ range: 'lastYear', limit: 0 }, /^limit:/],
    [{ range: 'lastYear', limit: 1001 }, /^limit:/],
    [{ range: 'lastDecade' }, /^range:/],
    [{}, /^range:/],
    [{ range: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } }, /^range\.to:/],
    [{ range: 'lastYear', select: [{ column: 'color' }] }, /^select\.0\.column:/],
    [{ range: 'lastYear', select: [{ column: 'visitorGeoCountry' }] }, /^select\.0\.column: visitorGeoCountry needs IP geolocation/],
    [{ range: 'lastYear', groupBy: [{ column: 'eventsCount' }] }, /^groupBy\.0\.column:/],
    [{ range: 'lastYear', where: [{ column: 'eventType', values: ['page_scroll'] }] }, /^where\.0\.values\.0:/],
    [{ range: 'lastYear', where: [{ column: 'url', operator: 'greaterThan', values: ['https://a.example', 'https://b.example'] }] }, /^where\.0\.values:/],
    [{ range: 'lastYear', select: [{ column: 'eventsCount' }], order: { by: { column: 'url' }, direction: 'asc' } }, /^order\.by\.column:/],
    [{ range: 'lastYear', select: [{ column: 'visitorClaim', claim: 'a"b' }] }, /^select\.0\.claim:/],
  ])('returns 400 for %j', async (body, message) => {
    const res = await server.api.post(`${base}/aggregate`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('answers 404 to someone outside the organization', async () => {
    const outsider = await (await newOrganization(server)).member('admin');
    const res = await outsider.api.post(`${base}/aggregate`, { range: 'lastYear' });
    expect(res.status).toBe(404);
  });
});
