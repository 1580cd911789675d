import { describe, expect, it } from 'vitest';
import { SITE_INSIGHTS_EVENT_TYPES } from '../../src-shared/schemas/site-insights';
import { manualClock } from '../support/clock';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const clock = manualClock(new Date('2026-06-15T12:00:00.000Z'));
const server = useTestServer({ clock });

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function baseEvent(overrides: Record<string, unknown> = {}) {
  return {
    session: {
      visitorId: 'visitor-1',
      sessionId: 'session-1',
      cookies: { theme: 'dark' },
      userAgent: CHROME_WINDOWS,
      language: 'en-GB',
      referrer: 'https://www.google.com/search?q=folio',
    },
    location: {
      url: 'https://docs.example.com/guide/install?utm_source=newsletter',
      siteSection: null,
      siteSpace: 'sitesp_1',
      siteShareKey: null,
      space: 'space_1',
      revision: 'rev_1',
      page: 'page_1',
    },
    ...overrides,
  };
}

/** One valid event of each type GitBook lists, with its own fields. */
const OWN_FIELDS: Record<string, Record<string, unknown>> = {
  page_view: {},
  search_open: {},
  search_type_query: { query: 'install' },
  search_open_result: { query: 'install', result: { spaceId: 'space_1', pageId: 'page_2' } },
  page_post_feedback: { feedback: { rating: 'good' } },
  page_post_feedback_comment: { feedback: { rating: 'bad', comment: 'Missing a step' } },
  ask_question: { query: 'How do I install?' },
  ask_rate_response: { query: 'How do I install?', rating: -1, responseId: 'resp_1' },
  link_click: { link: { target: { kind: 'url', url: 'https://github.com/acme/folio' }, position: 'content' } },
  api_client_open: { operation: { path: '/v1/orgs', method: 'get' } },
  api_client_request: { operation: { path: '/v1/orgs', method: 'post' } },
  trademark_click: { placement: 'footer' },
  ad_click: { ad: { domain: 'ads.example.com', zoneId: 'zone_1', placement: 'aside' } },
  ad_display: { ad: { domain: 'ads.example.com', zoneId: 'zone_1', placement: 'aside' } },
};
const eventOf = (type: string, overrides: Record<string, unknown> = {}) => ({ ...baseEvent(), type, ...OWN_FIELDS[type], ...overrides });

async function newSite() {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body as { id: string };
  return { org, siteId: site.id, base: `/v1/orgs/${org.id}/sites/${site.id}/insights` };
}

interface StoredEvent {
  type: string;
  timestamp: string;
  ip: string | null;
  claims: string | null;
  cookies: string;
  url: string;
  page_id: string | null;
  data: string;
}
const stored = (siteId: string) =>
  server.app.db.prepare('SELECT * FROM site_insight_events WHERE site_id = ? ORDER BY seq').all(siteId) as StoredEvent[];

describe('recording site insights events', () => {
  it('lists every event type of the spec', () => {
    expect(Object.keys(OWN_FIELDS).sort()).toEqual([...SITE_INSIGHTS_EVENT_TYPES].sort());
  });

  it.each(SITE_INSIGHTS_EVENT_TYPES)('accepts a %s event and keeps its own fields', async (type) => {
    const { base, siteId } = await newSite();
    const res = await server.api.post(`${base}/events`, { events: [eventOf(type)] });
    expect(res.status).toBe(204);
    const [row] = stored(siteId);
    expect(row).toMatchObject({ type, url: 'https://docs.example.com/guide/install?utm_source=newsletter', page_id: 'page_1' });
    expect(JSON.parse(row!.data).event).toEqual(OWN_FIELDS[type]);
    expect(JSON.parse(row!.cookies)).toEqual({ theme: 'dark' });
  });

  it('stores a batch in order, timestamps defaulting to now and the session ip to the caller', async () => {
    const { base, siteId } = await newSite();
    const given = '2026-06-15T11:58:30.000Z';
    const res = await server.api.post(`${base}/events`, {
      events: [eventOf('page_view'), eventOf('search_open', { timestamp: '2026-06-15T13:58:30+02:00' }), eventOf('page_view', { session: { ...baseEvent().session, ip: '203.0.113.9' } })],
    });
    expect(res.status).toBe(204);
    const rows = stored(siteId);
    expect(rows.map((r) => [r.type, r.timestamp, r.ip])).toEqual([
      ['page_view', '2026-06-15T12:00:00.000Z', '127.0.0.1'],
      ['search_open', given, '127.0.0.1'],
      ['page_view', '2026-06-15T12:00:00.000Z', '203.0.113.9'],
    ]);
  });

  it('derives the visitor classes, referrer domain and UTM parameters once, when recording', async () => {
    const { base, siteId } = await newSite();
    await server.api.post(`${base}/events`, { events: [eventOf('link_click')] });
    expect(JSON.parse(stored(siteId)[0]!.data).derived).toEqual({
      browser: 'chrome',
      os: 'windows',
      device: 'desktop',
      bot: null,
      referrerDomain: 'www.google.com',
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
      linkTargetDomain: 'github.com',
    });
  });

  it('keeps claims canonical (keys sorted) so equal claims are one segment, and empty claims as none', async () => {
    const { base, siteId } = await newSite();
    const withClaims = (claims: unknown) => eventOf('page_view', { session: { ...baseEvent().session, visitorAuthClaims: claims } });
    await server.api.post(`${base}/events`, { events: [withClaims({ role: 'admin', company: { plan: 'pro', id: 3 } }), withClaims({})] });
    expect(stored(siteId).map((r) => r.claims)).toEqual(['{"company":{"id":3,"plan":"pro"},"role":"admin"}', null]);
  });

  it.each([
    ['a malformed URL', (e: any) => ({ ...e, location: { ...e.location, url: 'not a url' } }), /^events\.3\.location\.url:/],
    ['a missing user agent', (e: any) => ({ ...e, session: { ...e.session, userAgent: undefined } }), /^events\.3\.session\.userAgent:/],
    ['a missing location field', (e: any) => ({ ...e, location: { ...e.location, page: undefined } }), /^events\.3\.location\.page:/],
    ['an unknown type', (e: any) => ({ ...e, type: 'page_scroll' }), /^events\.3\.type:/],
    ['an unknown rating', (e: any) => ({ ...e, type: 'page_post_feedback', feedback: { rating: 'great' } }), /^events\.3\.feedback\.rating:/],
    ['a too long comment', (e: any) => ({ ...e, type: 'page_post_feedback_comment', feedback: { rating: 'ok', comment: 'x'.repeat(513) } }), /^events\.3\.feedback\.comment:/],
    ['an ask rating of 2', (e: any) => ({ ...e, ...OWN_FIELDS.ask_rate_response, type: 'ask_rate_response', rating: 2 }), /^events\.3\.rating:/],
    ['a link target of no kind', (e: any) => ({ ...e, type: 'link_click', link: { target: { kind: 'pdf' }, position: 'content' } }), /^events\.3\.link\.target\.kind:/],
    ['a search without its query', (e: any) => ({ ...e, type: 'search_type_query' }), /^events\.3\.query:/],
    ['a referrer that is no URL', (e: any) => ({ ...e, session: { ...e.session, referrer: 'google' } }), /^events\.3\.session\.referrer:/],
    ['a timestamp that is no date', (e: any) => ({ ...e, timestamp: 'yesterday' }), /^events\.3\.timestamp:/],
    ['a timestamp 10 minutes old', (e: any) => ({ ...e, timestamp: '2026-06-15T11:50:00.000Z' }), /^events\.3\.timestamp: must be within 5 minutes/],
    ['a cookie that is not a string', (e: any) => ({ ...e, session: { ...e.session, cookies: { n: 1 } } }), /^events\.3\.session\.cookies\.n:/],
  ])('returns 400 for %s in the fourth event and stores none of the batch', async (_label, spoil, message) => {
    const { base, siteId } = await newSite();
    const events = [eventOf('page_view'), eventOf('search_open'), eventOf('page_view'), spoil(eventOf('page_view')), eventOf('page_view')];
    const res = await server.api.post(`${base}/events`, { events });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(stored(siteId)).toHaveLength(0);
  });

  it('accepts 1000 events in one request and refuses 1001', async () => {
    const { base, siteId } = await newSite();
    const many = (n: number) => Array.from({ length: n }, (_, i) => eventOf('page_view', { session: { ...baseEvent().session, sessionId: `s${i}` } }));
    const refused = await server.api.post(`${base}/events`, { events: many(1001) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^events:/);
    expect(stored(siteId)).toHaveLength(0);
    expect((await server.api.post(`${base}/events`, { events: many(1000) })).status).toBe(204);
    expect(stored(siteId)).toHaveLength(1000);
  });

  it('returns 400 for a body without events', async () => {
    const { base } = await newSite();
    const res = await server.api.post(`${base}/events`, { event: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^events:/);
  });

  it('lets any member who can read the site record events, and answers 404 to others', async () => {
    const { org, base, siteId } = await newSite();
    const reader = await org.member('read');
    expect((await reader.api.post(`${base}/events`, { events: [eventOf('page_view')] })).status).toBe(204);

    const outsider = await (await newOrganization(server)).member('admin');
    const guest = await org.member(null, 'guest');
    for (const caller of [outsider, guest]) {
      const res = await caller.api.post(`${base}/events`, { events: [eventOf('page_view')] });
      expect(res.status).toBe(404);
    }
    expect(stored(siteId)).toHaveLength(1);
  });
});
