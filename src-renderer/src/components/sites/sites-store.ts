import { createStore } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { IDLE, withNextPage } from '../../stores/list-state';
import { SITES_PAGE_SIZE } from './sites-model';
import type { SitesClient, SitesState, SitesStore } from './sites-state';
import { siteSettingsActions } from './site-settings-actions';
import { siteShareLinksActions } from './site-share-links-actions';
import { siteStructureActions } from './site-structure-actions';
import { createSitesContext } from './sites-store-context';

// The Sites screen's store: which organization's sites (or which site) it shows, and what it loads for them.
// The writes live beside it by subject (site-settings-, site-structure-, site-share-links-actions.ts) and share
// its reads through sites-store-context.ts; its shape is in sites-state.ts, re-exported here.

export type { NewSiteInput, SitesAction, SitesClient, SitesScreen, SitesState, SitesStore } from './sites-state';

export function createSitesStore({ client, onUnauthorized, now = () => new Date() }: FeatureDependencies<SitesClient> & { now?: () => Date }): SitesStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  return createStore<SitesState>()((set, get) => {
    const context = createSitesContext({ client, get, set, explain, now });
    const { showing, loadSites, loadSite, loadStructure, loadPageViews, loadPreview } = context;

    return {
      sites: IDLE,
      site: { status: 'idle' },
      structure: { status: 'idle' },
      shareLinks: { status: 'idle' },
      pageViews: { status: 'idle' },
      preview: { status: 'idle' },
      pending: {},
      errors: {},

      async show(organizationId, siteId) {
        const previous = get().screen;
        const otherOrganization = previous?.organizationId !== organizationId;
        const otherSite = otherOrganization || previous?.siteId !== siteId;
        set({
          screen: { organizationId, siteId },
          ...(otherOrganization ? { sites: IDLE } : {}),
          ...(otherSite
            ? {
                site: { status: 'idle' },
                structure: { status: 'idle' },
                shareLinks: { status: 'idle' },
                pageViews: { status: 'idle' },
                preview: { status: 'idle' },
                errors: {},
              }
            : {}),
        });
        // Opening the screen reads everything again (another window or a script may have changed the sites);
        // moving within it reads only what changed.
        const work: Array<Promise<void>> = [];
        if (!previous || get().sites.status === 'idle') work.push(loadSites());
        if (siteId && (!previous || otherSite)) work.push(loadSite(), loadStructure(), loadPageViews(), loadPreview());
        await Promise.all(work);
      },

      close() {
        if (get().screen) set({ screen: undefined, notice: undefined });
      },

      reloadSites: loadSites,

      async loadMoreSites() {
        const organizationId = get().screen?.organizationId;
        const list = get().sites;
        if (!organizationId || list.status !== 'ready' || !list.nextPage || list.loadingMore) return;
        set({ sites: { ...list, loadingMore: true, moreError: undefined } });
        try {
          const page = await client.sites.list.query({ organizationId, limit: SITES_PAGE_SIZE, page: list.nextPage });
          const latest = get().sites;
          if (showing(organizationId) && latest.status === 'ready') set({ sites: withNextPage(latest, page) });
        } catch (error) {
          const message = explain(error);
          const latest = get().sites;
          if (showing(organizationId) && latest.status === 'ready') set({ sites: { ...latest, loadingMore: false, moreError: message } });
        }
      },

      reloadSite: loadSite,

      ...siteSettingsActions(context),
      ...siteStructureActions(context),
      ...siteShareLinksActions(context),

      loadPageViews,

      clearError(action) {
        set((state) => ({ errors: { ...state.errors, [action]: undefined } }));
      },
    };
  });
}
