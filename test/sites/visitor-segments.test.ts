import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
const SEED = Number(process.env.INSIGHTS_SEED ?? 7);

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

/** Claim sets visitors come with; the same claims written in another key order are the same segment. */
const CLAIMS: Array<Record<string, unknown> | undefined> = [
  undefined,
  {},
  { plan: 'pro', role: 'admin' },
  { role: 'admin', plan: 'pro' },
  { plan: 'free' },
  { plan: 'pro', company: { name: 'Acme', seats: 12 }, beta: true },
  { tags: ['a', 'b'], plan: 'free' },
];
const canonical = (claims: Record<string, unknown>) => JSON.stringify(claims, Object.keys(flatKeys(claims)).sort());
function flatKeys(value: unknown, keys: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      keys[k] = true;
      flatKeys(v, keys);
    }
  }
  return keys;
}

function event(visitor: number, session: string, claims: Record<string, unknown> | undefined) {
  return {
    type: 'page_view',
    session: {
      visitorId: `v${visitor}`,
      sessionId: session,
      cookies: {},
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      language: 'en',
      referrer: '',
      ...(claims ? { visitorAuthClaims: claims } : {}),
    },
    location: { url: 'https://docs.example.com/', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
  };
}

async function newSite() {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body as { id: string };
  return { org, base: `/v1/orgs/${org.id}/sites/${site.id}/insights` };
}

describe(`visitor segments (seed ${SEED}, INSIGHTS_SEED to change)`, () => {
  it('groups events by the visitors claims and counts events, visitors and sessions of each, as JS does', async () => {
    const { base } = await newSite();
    const random = mulberry32(SEED);
    const events = Array.from({ length: 600 }, () => {
      const visitor = Math.floor(random() * 40);
      // A visitor usually keeps their claims, sometimes signs in with others (a segment counts them in both).
      const claims = CLAIMS[random() < 0.8 ? visitor % CLAIMS.length : Math.floor(random() * CLAIMS.length)];
      return event(visitor, `s${visitor}-${Math.floor(random() * 4)}`, claims);
    });
    for (let i = 0; i < events.length; i += 200) {
      expect((await server.api.post(`${base}/events`, { events: events.slice(i, i + 200) })).status).toBe(204);
    }

    const groups = new Map<string, { claims: Record<string, unknown>; events: number; visitors: Set<string>; sessions: Set<string> }>();
    for (const e of events) {
      const claims = e.session.visitorAuthClaims as Record<string, unknown> | undefined;
      if (!claims || !Object.keys(claims).length) continue;
      const key = canonical(claims);
      const g = groups.get(key) ?? { claims, events: 0, visitors: new Set(), sessions: new Set() };
      g.events += 1;
      g.visitors.add(e.session.visitorId);
      g.sessions.add(e.session.sessionId);
      groups.set(key, g);
    }
    const expected = [...groups.entries()]
      .sort(([ka, a], [kb, b]) => b.events - a.events || (ka < kb ? -1 : 1))
      .map(([, g]) => ({ claims: g.claims, events: g.events, visitors: g.visitors.size, sessions: g.sessions.size }));

    const res = await server.api.get(`${base}/visitor-segments`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.items.map(({ title: _t, ...rest }: { title: string }) => rest)).toEqual(expected);
  });

  it('titles a segment with its claims, nested ones dotted, in key order', async () => {
    const { base } = await newSite();
    await server.api.post(`${base}/events`, { events: [event(1, 's1', CLAIMS[5]), event(2, 's2', CLAIMS[6])] });
    const res = await server.api.get(`${base}/visitor-segments`);
    expect(res.body.items.map((s: { title: string }) => s.title).sort()).toEqual([
      'beta: true, company.name: Acme, company.seats: 12, plan: pro',
      'plan: free, tags: ["a","b"]',
    ]);
  });

  it('returns no segment when no visitor had claims', async () => {
    const { base } = await newSite();
    await server.api.post(`${base}/events`, { events: [event(1, 's1', undefined), event(2, 's2', {})] });
    const res = await server.api.get(`${base}/visitor-segments`);
    expect(res.body).toEqual({ items: [], count: 0 });
  });

  it('lets a reader list segments and answers 404 to someone outside the organization', async () => {
    const { org, base } = await newSite();
    const reader = await org.member('read');
    expect((await reader.api.get(`${base}/visitor-segments`)).status).toBe(200);
    const outsider = await (await newOrganization(server)).member('admin');
    expect((await outsider.api.get(`${base}/visitor-segments`)).status).toBe(404);
  });
});
