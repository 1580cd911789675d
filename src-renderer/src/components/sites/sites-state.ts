import type { StoreApi } from 'zustand/vanilla';
import type { Page } from '../../api/types';
import type { ListState } from '../../stores/list-state';
import type {
  DayViews,
  Direction,
  Inputs,
  Load,
  PageViewColumns,
  ShareLink,
  ShareLinks,
  Site,
  SiteRef,
  SiteSection,
  SiteStructure,
  SiteVisibility,
  SortInput,
} from './sites-model';

// The Sites store's shape: the client slice it calls and the state it holds (sites-store.ts re-exports them).

/** The slice of the tRPC client the Sites screen uses. */
export interface SitesClient {
  sites: {
    list: { query(input: Inputs['sites']['list']): Promise<Page<Site>> };
    get: { query(input: SiteRef): Promise<Site> };
    create: { mutate(input: Inputs['sites']['create']): Promise<Site> };
    update: { mutate(input: Inputs['sites']['update']): Promise<Site> };
    delete: { mutate(input: SiteRef): Promise<{ deleted: boolean }> };
    publish: { mutate(input: SiteRef): Promise<Site> };
    getPreviewUrl: { query(input: SiteRef): Promise<{ url: string; expiresIn: number }> };
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
