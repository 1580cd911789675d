import type { AppServices } from '../../src-main/app/context';
import { DEFAULT_LINK_FETCH_LIMITS } from '../../src-main/embeds/link-metadata';
import { linkTitles } from '../../src-main/embeds/link-titles';

/**
 * Published pages fetch their embeds' titles in the background (src-main/embeds/). Tests render pages
 * embedding real sites (youtube.com, the GitBook corpus'), and must contact nothing but loopback fixtures:
 * in a test app, a link whose host is a name fails as if it did not resolve. Links to IP literals (the
 * fixtures on 127.0.0.1) are fetched as the app's network policy says.
 */
export function resolveNoLinkTitleNames(app: Pick<AppServices, 'db' | 'clock' | 'config'>): void {
  linkTitles(app).configure({
    fetch: {
      ...DEFAULT_LINK_FETCH_LIMITS,
      network: {
        ...app.config,
        resolveHost: async (hostname) => {
          throw new Error(`tests resolve no names (${hostname})`);
        },
      },
    },
  });
}
