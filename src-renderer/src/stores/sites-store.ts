import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import { actionRunner } from './action-state';
import type { Page } from '../api/types';
import type { FeatureDependencies } from './feature-dependencies';
import { firstPage, IDLE, type ListState, listFailed, LOADING, withNextPage } from './list-state';
import {
  checkSiteTitle,
  dailyViews,
  type DayViews,
  type Direction,
  type Inputs,
  type Load,
  type PageViewColumns,
  SHARE_LINK_NAME_MAX,
  SHARE_LINKS_LIMIT,
  type ShareLink,
  type ShareLinks,
  type SiteSection,
  siblingsOf,
  type Site,
  type SiteRef,
  type SiteStructure,
  type SiteVisibility,
  SITES_PAGE_SIZE,
  type SortInput,
  type StructureItem,
  TITLE_MAX,
  TITLE_MIN,
} from './sites-model';

/** The slice of the tRPC client the Sites screen uses. */
export interface SitesClient {
  sites: {
    list: { query(input: Inputs['sites']['list']): Promise<Page<Site>> };
    get: { query(input: SiteRef): Promise<Site> };
    create: { mutate(input: Inputs['sites']['create']): Promise<Site> };
    update: { mutate(input: Inputs['sites']['update']): Promise<Site> };
    delete: { mutate(input: SiteRef): Promise<{ deleted: boolean }> };
    publish: { mutate(input: SiteRef): Promise<Site> };
    previewUrl: { query(input: SiteRef): Promise<{ url: string; expiresIn: number }> };
    unpublish: { mutate(input: SiteRef): Promise<Site> };
    structure: {
      get: { query(input: SiteRef): Promise<SiteStructure> };
      sort: { mutate(input: SortInput): Promise<unknown> };
    };
    sections: {
      add: { mutate(input: Inputs['sites']['sections']['add']): Promise<SiteSection> };
      update: { mutate(input: Inputs['sites']['sections']['update']): Promise<SiteSection> };
      delete: { mutate(input: SiteRef & { siteSectionId: string }): Promise<{ deleted: boolean }> };
    };
    shareLinks: {
      list: { query(input: Inputs['sites']['shareLinks']['list']): Promise<Page<ShareLink>> };
      create: { mutate(input: Inputs['sites']['shareLinks']['create']): Promise<ShareLink> };
      update: { mutate(input: Inputs['sites']['shareLinks']['update']): Promise<ShareLink> };
      delete: { mutate(input: SiteRef & { shareLinkId: string }): Promise<{ deleted: boolean }> };
    };
    insights: { pageViews: { query(input: SiteRef): Promise<PageViewColumns> } };
  };
}

/** The writes of the screen; each has its own pending flag and error, shown next to its form. */
export type SitesAction = 'create' | 'settings' | 'publish' | 'delete' | 'sections' | 'shareLinks';

/** What the Sites screen shows: the organization's list, or one site of it. */
export interface SitesScreen {
  organizationId: string;
  siteId?: string;
}

export interface NewSiteInput {
  title: string;
  /** Ids of spaces to publish; empty: a new empty space is made for the site. */
  spaceIds: string[];
}

export interface SitesState {
  /** Open when set (the address is `#/orgs/{id}/sites[/{siteId}]`); the organization's page otherwise. */
  screen?: SitesScreen;
  sites: ListState<Site>;
  /** The open site's own object (its settings and published state). */
  site: Load<Site>;
  /** Its sections (or, before it has any, its spaces) in order. */
  structure: Load<SiteStructure>;
  /** Loaded on request: only admins may see them. */
  shareLinks: Load<ShareLinks>;
  pageViews: Load<DayViews[]>;
  /** A writer's preview address of the open site (published or not), valid for an hour. */
  preview: Load<string>;
  pending: Partial<Record<SitesAction, boolean>>;
  errors: Partial<Record<SitesAction, string>>;
  /** What an action just did, for a polite live region. */
  notice?: string;

  /** Shows the organization's sites, or one of them; loads what the screen needs that is not loaded yet. */
  show(organizationId: string, siteId?: string): Promise<void>;
  close(): void;
  reloadSites(): Promise<void>;
  loadMoreSites(): Promise<void>;
  reloadSite(): Promise<void>;
  /** Resolves to the new site (and opens it), or undefined when refused (see `errors.create`). */
  createSite(input: NewSiteInput): Promise<Site | undefined>;
  updateSettings(changes: { title?: string; visibility?: SiteVisibility }): Promise<boolean>;
  setPublished(published: boolean): Promise<boolean>;
  /** Deletes the open site and returns to the list. */
  deleteSite(): Promise<boolean>;
  /** `quiet` (after another store's write) keeps what is shown until the answer comes. */
  reloadStructure(quiet?: boolean): Promise<void>;
  /** Adds a section holding the space (a site's spaces become its first section when it gets its second). */
  addSection(spaceId: string): Promise<boolean>;
  renameSection(sectionId: string, title: string): Promise<boolean>;
  /** Moves a section, group or site space one place among its siblings, through the sort operation. */
  move(item: { type: SortInput['item']['type']; id: string }, direction: Direction): Promise<boolean>;
  deleteSection(sectionId: string): Promise<boolean>;
  loadShareLinks(): Promise<void>;
  createShareLink(name: string): Promise<ShareLink | undefined>;
  renameShareLink(shareLinkId: string, name: string): Promise<boolean>;
  setShareLinkActive(shareLinkId: string, active: boolean): Promise<boolean>;
  deleteShareLink(shareLinkId: string): Promise<boolean>;
  loadPageViews(): Promise<void>;
  clearError(action: SitesAction): void;
}

export type SitesStore = StoreApi<SitesState>;

export function createSitesStore({ client, onUnauthorized, now = () => new Date() }: FeatureDependencies<SitesClient> & { now?: () => Date }): SitesStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  return createStore<SitesState>()((set, get) => {
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
        async (ref) => (await client.sites.previewUrl.query(ref)).url,
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

    /** The title of an item of the open site's structure, for notices. */
    const titleOf = (id: string): string => {
      const structure = get().structure;
      if (structure.status !== 'ready') return id;
      for (const item of structure.value.structure as StructureItem[]) {
        if (item.id === id) return item.title;
        if (item.object === 'site-section-group') {
          const section = item.sections.find((s) => s.id === id);
          if (section) return section.title;
        }
      }
      return id;
    };

    const withShareLinks = (change: (links: ShareLink[]) => ShareLink[], countChange = 0) => {
      const links = get().shareLinks;
      if (links.status === 'ready') {
        set({ shareLinks: { status: 'ready', value: { items: change(links.value.items), count: links.value.count + countChange } } });
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

      async createSite(input) {
        const organizationId = get().screen?.organizationId;
        if (!organizationId) return undefined;
        const checked = checkSiteTitle(input.title);
        if ('error' in checked) return refuse('create', checked.error);
        const spaces = input.spaceIds.length > 0 ? input.spaceIds : ('empty' as const);
        const site = await write(
          'create',
          () => client.sites.create.mutate({ organizationId, title: checked.title, spaces }),
          (made) => `Created the site “${made.title}”.`,
        );
        if (!site || !showing(organizationId)) return site;
        const list = get().sites;
        if (list.status === 'ready') set({ sites: { ...list, items: [...list.items, site], count: list.count + 1 } });
        await get().show(organizationId, site.id);
        return site;
      },

      async updateSettings(changes) {
        const ref = openRef();
        if (!ref) return false;
        const input: Inputs['sites']['update'] = { ...ref };
        if (changes.title !== undefined) {
          const checked = checkSiteTitle(changes.title);
          if ('error' in checked) return refuse('settings', checked.error) ?? false;
          input.title = checked.title;
        }
        if (changes.visibility !== undefined) input.visibility = changes.visibility;
        const site = await write('settings', () => client.sites.update.mutate(input), () => 'Saved the site’s settings.');
        if (site) replaceSite(site);
        return site !== undefined;
      },

      async setPublished(published) {
        const ref = openRef();
        if (!ref) return false;
        const site = await write(
          'publish',
          () => (published ? client.sites.publish.mutate(ref) : client.sites.unpublish.mutate(ref)),
          (changed) => (published ? `Published “${changed.title}”.` : `Unpublished “${changed.title}”.`),
        );
        if (site) replaceSite(site);
        // A share link has an address only while the site is published.
        if (site && get().shareLinks.status === 'ready') await loadShareLinks(true);
        return site !== undefined;
      },

      async deleteSite() {
        const ref = openRef();
        const site = get().site;
        if (!ref || site.status !== 'ready') return false;
        const done = await write('delete', () => client.sites.delete.mutate(ref), () => `Deleted the site “${site.value.title}”.`);
        if (!done) return false;
        const list = get().sites;
        if (list.status === 'ready') {
          set({ sites: { ...list, items: list.items.filter((s) => s.id !== ref.siteId), count: Math.max(0, list.count - 1) } });
        }
        if (showing(ref.organizationId, ref.siteId)) set({ screen: { organizationId: ref.organizationId }, site: { status: 'idle' } });
        return true;
      },

      reloadStructure: (quiet) => loadStructure(quiet),

      async addSection(spaceId) {
        const ref = openRef();
        if (!ref) return false;
        const section = await write(
          'sections',
          () => client.sites.sections.add.mutate({ ...ref, spaceId }),
          (added) => `Added the section “${added.title}”.`,
        );
        if (section) await structureChanged();
        return section !== undefined;
      },

      async renameSection(sectionId, raw) {
        const ref = openRef();
        if (!ref) return false;
        const title = raw.trim();
        if (title.length < TITLE_MIN || title.length > TITLE_MAX) {
          return refuse('sections', `title: a section’s title has ${TITLE_MIN} to ${TITLE_MAX} characters`) ?? false;
        }
        const section = await write(
          'sections',
          () => client.sites.sections.update.mutate({ ...ref, siteSectionId: sectionId, title }),
          (renamed) => `Renamed the section to “${renamed.title}”.`,
        );
        if (section) await loadStructure(true);
        return section !== undefined;
      },

      async move(item, direction) {
        const ref = openRef();
        const structure = get().structure;
        if (!ref || structure.status !== 'ready') return false;
        const siblings = siblingsOf(structure.value, item.type, item.id) ?? [];
        const index = siblings.findIndex((p) => p.type === item.type && p.id === item.id);
        const neighbour = siblings[direction === 'up' ? index - 1 : index + 1];
        if (index < 0 || !neighbour) return false;
        const title = item.type === 'site-space' ? undefined : titleOf(item.id);
        const moved = await write(
          'sections',
          () =>
            client.sites.structure.sort.mutate({
              ...ref,
              item,
              position: direction === 'up' ? { before: neighbour } : { after: neighbour },
            }),
          () => (title ? `Moved “${title}” ${direction}.` : `Moved the space ${direction}.`),
        );
        if (moved === undefined) return false;
        await loadStructure(true);
        return true;
      },

      async deleteSection(sectionId) {
        const ref = openRef();
        if (!ref) return false;
        const title = titleOf(sectionId);
        const done = await write(
          'sections',
          () => client.sites.sections.delete.mutate({ ...ref, siteSectionId: sectionId }),
          () => `Deleted the section “${title}”.`,
        );
        if (done) await structureChanged();
        return done !== undefined;
      },

      loadShareLinks: () => loadShareLinks(),

      async createShareLink(raw) {
        const ref = openRef();
        if (!ref) return undefined;
        const name = raw.trim();
        if (name.length > SHARE_LINK_NAME_MAX) return refuse('shareLinks', `name: a share link’s name has at most ${SHARE_LINK_NAME_MAX} characters`);
        const link = await write(
          'shareLinks',
          () => client.sites.shareLinks.create.mutate({ ...ref, name }),
          () => (name ? `Created the share link “${name}”.` : 'Created a share link.'),
        );
        if (link && showing(ref.organizationId, ref.siteId)) withShareLinks((links) => [...links, link], 1);
        return link;
      },

      async renameShareLink(shareLinkId, raw) {
        const ref = openRef();
        if (!ref) return false;
        const name = raw.trim();
        if (name.length > SHARE_LINK_NAME_MAX) {
          return refuse('shareLinks', `name: a share link’s name has at most ${SHARE_LINK_NAME_MAX} characters`) ?? false;
        }
        const link = await write(
          'shareLinks',
          () => client.sites.shareLinks.update.mutate({ ...ref, shareLinkId, name }),
          () => (name ? `Renamed the share link to “${name}”.` : 'Removed the share link’s name.'),
        );
        if (link) withShareLinks((links) => links.map((l) => (l.id === link.id ? link : l)));
        return link !== undefined;
      },

      async setShareLinkActive(shareLinkId, active) {
        const ref = openRef();
        if (!ref) return false;
        const link = await write(
          'shareLinks',
          () => client.sites.shareLinks.update.mutate({ ...ref, shareLinkId, active }),
          (changed) => `${active ? 'Reactivated' : 'Deactivated'} the share link${changed.name ? ` “${changed.name}”` : ''}.`,
        );
        if (link) withShareLinks((links) => links.map((l) => (l.id === link.id ? link : l)));
        return link !== undefined;
      },

      async deleteShareLink(shareLinkId) {
        const ref = openRef();
        if (!ref) return false;
        const done = await write('shareLinks', () => client.sites.shareLinks.delete.mutate({ ...ref, shareLinkId }), () => 'Deleted the share link.');
        if (done) withShareLinks((links) => links.filter((l) => l.id !== shareLinkId), -1);
        return done !== undefined;
      },

      loadPageViews,

      clearError(action) {
        set((state) => ({ errors: { ...state.errors, [action]: undefined } }));
      },
    };
  });
}
