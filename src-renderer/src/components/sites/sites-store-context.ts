import type { StoreApi } from 'zustand/vanilla';
import { actionRunner } from '../../stores/action-state';
import { firstPage, listFailed, LOADING } from '../../stores/list-state';
import { dailyViews, type Load, SHARE_LINKS_LIMIT, type Site, type SiteRef, SITES_PAGE_SIZE } from './sites-model';
import type { SitesAction, SitesClient, SitesState } from './sites-state';

// What the Sites store's actions share: which site is open, the runner of its writes, and the reads that
// fill the screen (each dropped when it answers for a screen no longer shown).

interface SitesContextDependencies {
  client: SitesClient;
  get: StoreApi<SitesState>['getState'];
  set: StoreApi<SitesState>['setState'];
  explain: (error: unknown) => string;
  now: () => Date;
}

export type SitesContext = ReturnType<typeof createSitesContext>;

export function createSitesContext({ client, get, set, explain, now }: SitesContextDependencies) {
  /** Whether an answer about this organization (and site) still belongs on screen. */
  const showing = (organizationId: string, siteId?: string) => {
    const screen = get().screen;
    return screen?.organizationId === organizationId && (siteId === undefined || screen.siteId === siteId);
  };
  const openRef = (): SiteRef | undefined => {
    const screen = get().screen;
    return screen?.siteId ? { organizationId: screen.organizationId, siteId: screen.siteId } : undefined;
  };

  /** A changed site replaces its row in the list and the open site. */
  const replaceSite = (site: Site) => {
    const { sites, screen } = get();
    if (sites.status === 'ready') set({ sites: { ...sites, items: sites.items.map((s) => (s.id === site.id ? site : s)) } });
    if (screen?.siteId === site.id) set({ site: { status: 'ready', value: site } });
  };

  const { write, refuse } = actionRunner<SitesAction, SitesState>(get, set, explain);

  async function loadSites(): Promise<void> {
    const organizationId = get().screen?.organizationId;
    if (!organizationId) return;
    set({ sites: LOADING });
    try {
      const page = await client.sites.list.query({ organizationId, limit: SITES_PAGE_SIZE });
      if (showing(organizationId)) set({ sites: firstPage(page) });
    } catch (error) {
      const message = explain(error);
      if (showing(organizationId)) set({ sites: listFailed(message) });
    }
  }

  /**
   * Loads one thing of the open site. `quiet` (after a write) keeps what is shown until the answer comes;
   * an answer for a site that is no longer open is dropped.
   */
  async function loadFor<T>(fetch: (ref: SiteRef) => Promise<T>, apply: (load: Load<T>) => void, quiet = false): Promise<void> {
    const ref = openRef();
    if (!ref) return;
    if (!quiet) apply({ status: 'loading' });
    try {
      const value = await fetch(ref);
      if (showing(ref.organizationId, ref.siteId)) apply({ status: 'ready', value });
    } catch (error) {
      const message = explain(error);
      if (showing(ref.organizationId, ref.siteId) && !quiet) apply({ status: 'error', message });
    }
  }

  const loadStructure = (quiet = false) => loadFor((ref) => client.sites.structure.get.query(ref), (structure) => set({ structure }), quiet);
  const loadShareLinks = (quiet = false) =>
    loadFor(
      async (ref) => {
        const page = await client.sites.shareLinks.list.query({ ...ref, limit: SHARE_LINKS_LIMIT });
        return { items: page.items, count: page.count };
      },
      (shareLinks) => set({ shareLinks }),
      quiet,
    );
  const loadPageViews = () =>
    loadFor(
      async (ref) => dailyViews(await client.sites.insights.pageViews.query(ref), now()),
      (pageViews) => set({ pageViews }),
    );
  const loadPreview = () =>
    loadFor(
      async (ref) => (await client.sites.getPreviewUrl.query(ref)).url,
      (preview) => set({ preview }),
    );
  /** After a section changed: the structure, and the site (its count of spaces), read again quietly. */
  const structureChanged = async () => {
    await Promise.all([loadStructure(true), refreshSite()]);
  };
  const refreshSite = async () => {
    const ref = openRef();
    if (!ref) return;
    try {
      const site = await client.sites.get.query(ref);
      if (showing(ref.organizationId, ref.siteId)) replaceSite(site);
    } catch {
      // What is shown stays; the next action says what is wrong.
    }
  };

  async function loadSite(): Promise<void> {
    const ref = openRef();
    if (!ref) return;
    // The list already holds it: show it at once while it is read again.
    const sites = get().sites;
    const known = sites.status === 'ready' ? sites.items.find((s) => s.id === ref.siteId) : undefined;
    set({ site: known ? { status: 'ready', value: known } : { status: 'loading' } });
    try {
      const site = await client.sites.get.query(ref);
      if (showing(ref.organizationId, ref.siteId)) replaceSite(site);
    } catch (error) {
      const message = explain(error);
      if (showing(ref.organizationId, ref.siteId)) set({ site: { status: 'error', message } });
    }
  }

  return {
    client,
    get,
    set,
    showing,
    openRef,
    replaceSite,
    write,
    refuse,
    loadSites,
    loadSite,
    loadStructure,
    loadShareLinks,
    loadPageViews,
    loadPreview,
    structureChanged,
  };
}
