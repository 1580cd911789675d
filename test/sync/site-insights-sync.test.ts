import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { aggregateSiteEvents, recordSiteEvents } from '../../src-main/sites/insights-service';
import { createSite } from '../../src-main/sites/service';
import { getSite } from '../../src-main/store/sites';
import { getUserById } from '../../src-main/store/users';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

const pageView = (visitor: string, page: string) => ({
  type: 'page_view' as const,
  session: {
    visitorId: visitor,
    sessionId: `${visitor}-session`,
    cookies: {},
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    language: 'en',
    referrer: null,
    visitorAuthClaims: { plan: 'pro' },
  },
  location: { url: `https://docs.example.com/${page}`, siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page },
});

const rowsOf = (db: { prepare(sql: string): { all(...args: unknown[]): unknown[] } }, siteId: string) =>
  db.prepare('SELECT id, type, url, visitor_id, claims, data FROM site_insight_events WHERE site_id = ? ORDER BY id').all(siteId);

describe('site insights sync between a workstation and a team server', () => {
  it('sends events recorded on a workstation to the server, where they are aggregated', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const client = attach(server.token);
    const site = createSite(server.ctx, server.orgId, { title: 'Docs' });
    await client.syncOnce();
    const local = getSite(workstation.db, site.id)!;
    expect(local.title).toBe('Docs');

    const now = new Date();
    recordSiteEvents(workstation.db, local, [pageView('v1', 'intro'), pageView('v2', 'intro'), pageView('v1', 'setup')], { ip: '192.0.2.1', now });
    await client.syncOnce();

    expect(rowsOf(server.db, site.id)).toEqual(rowsOf(workstation.db, site.id));
    expect(rowsOf(server.db, site.id)).toHaveLength(3);
    const asOwner = serviceContext(server.app, getUserById(server.db, server.owner.id)!);
    const columns = aggregateSiteEvents(asOwner, server.orgId, site.id, {
      select: [{ column: 'url' }, { column: 'visitorsCount' }, { column: 'visitorBrowser' }],
      range: 'last24Hours',
      limit: 1000,
    });
    expect(columns).toEqual([
      { column: 'url', values: ['https://docs.example.com/intro', 'https://docs.example.com/setup'] },
      { column: 'visitorsCount', values: [2, 1] },
      { column: 'visitorBrowser', values: ['safari', 'safari'] },
    ]);
    expect(client.getStatus().waiting).toBe(0);
  });
});
