import type { IncomingMessage } from 'node:http';
import type { FolioApp } from '../../app/app';
import type { SiteRow } from '../../store/sites';
import { recordSiteEvents } from '../insights-service';
import { visitorIds } from './credentials';
import type { SiteLocation } from './locate';

/**
 * Records a `page_view` insights event for a page the preview served to a visitor, as GitBook's sites do for
 * theirs: the visitor and session are the preview's cookies, the claims those the visitor was admitted with.
 * A failure to record never costs the visitor the page.
 */
export function recordPageView(
  app: FolioApp,
  req: IncomingMessage,
  view: {
    site: SiteRow;
    location: SiteLocation;
    claims: Record<string, unknown>;
    shareLinkId: string | undefined;
    url: string;
    secure: boolean;
    cookies: Map<string, string>;
  },
): { setCookies: string[] } {
  const { visitorId, sessionId, setCookies } = visitorIds(view.cookies, view.secure);
  const { location } = view;
  try {
    recordSiteEvents(
      app.db,
      view.site,
      [
        {
          type: 'page_view',
          timestamp: app.clock.now().toISOString(),
          session: {
            visitorId,
            sessionId,
            cookies: {},
            userAgent: (req.headers['user-agent'] ?? '').slice(0, 1024),
            language: firstLanguage(req.headers['accept-language']),
            referrer: refererUrl(req.headers.referer),
            ...(Object.keys(view.claims).length ? { visitorAuthClaims: view.claims } : {}),
          },
          location: {
            url: view.url,
            siteSection: location.section?.section.id ?? null,
            siteSpace: location.siteSpace.id,
            siteShareKey: view.shareLinkId ?? null,
            space: location.space.id,
            revision: location.space.revision_id,
            page: location.page?.page_id ?? null,
          },
        },
      ],
      { ip: req.socket.remoteAddress, now: app.clock.now() },
    );
  } catch (error) {
    console.error('Could not record a page view:', error);
  }
  return { setCookies };
}

function firstLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : null;
}

function refererUrl(header: string | undefined): string | null {
  if (!header) return null;
  try {
    return new URL(header).href.slice(0, 2048);
  } catch {
    return null;
  }
}
