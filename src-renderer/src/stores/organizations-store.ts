import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { FolioClient, Member, Organization, Page, Team, User } from '../api/types';
import { firstPage, IDLE, type ListState, listFailed, LOADING, withNextPage } from './list-state';
import type { KeyValueStorage } from './storage';

/** Remembers the organization last looked at, so a reload or the next launch opens it again. */
export const SELECTED_ORG_KEY = 'folio.selectedOrganization';

/** Members and teams shown per page; more load on request. */
export const PAGE_SIZE = 50;

/** Organizations are fetched whole for the switcher, a page at a time, up to this many pages. */
const ORG_PAGE_SIZE = 100;
const MAX_ORG_PAGES = 20;

export interface OrganizationsState {
  /** Who is signed in; known once load() succeeds. */
  viewer?: User;
  organizations: ListState<Organization>;
  selectedId?: string;
  members: ListState<Member>;
  teams: ListState<Team>;
  /** Loads the viewer and their organizations, then opens the remembered (or first) organization. */
  load(): Promise<void>;
  select(organizationId: string): Promise<void>;
  reloadMembers(): Promise<void>;
  reloadTeams(): Promise<void>;
  loadMoreMembers(): Promise<void>;
  loadMoreTeams(): Promise<void>;
  /** Forgets everything loaded (on sign-out); answers still in flight are dropped. */
  reset(): void;
}

interface OrganizationsDependencies {
  client: FolioClient;
  storage: KeyValueStorage;
  /** Called with the server's message when a call is refused with 401. */
  onUnauthorized(message: string): void;
}

export type OrganizationsStore = StoreApi<OrganizationsState>;

/** The two lists shown for the open organization, and what each holds. */
interface SectionItems {
  members: Member;
  teams: Team;
}
type Section = keyof SectionItems;

export function createOrganizationsStore({ client, storage, onUnauthorized }: OrganizationsDependencies): OrganizationsStore {
  // Bumped by reset(): an answer that arrives for an older generation is stale and ignored.
  let generation = 0;

  /** Describes a failure, and hands a 401 to the session. */
  const explain = (error: unknown): string => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  const fetchers: { [K in Section]: (organizationId: string, page?: string) => Promise<Page<SectionItems[K]>> } = {
    members: (organizationId, page) => client.members.list.query({ organizationId, limit: PAGE_SIZE, page }),
    teams: (organizationId, page) => client.teams.list.query({ organizationId, limit: PAGE_SIZE, page }),
  };

  return createStore<OrganizationsState>()((set, get) => {
    // TypeScript cannot relate a generic key to its property type, hence the casts in these two accessors.
    const listOf = <K extends Section>(section: K) => get()[section] as ListState<SectionItems[K]>;
    const setList = <K extends Section>(section: K, list: ListState<SectionItems[K]>) =>
      set({ [section]: list } as unknown as Pick<OrganizationsState, K>);

    /** Whether an answer for this organization, started in generation `started`, still belongs on screen. */
    const current = (organizationId: string, started: number) => started === generation && get().selectedId === organizationId;

    async function loadSection<K extends Section>(section: K): Promise<void> {
      const organizationId = get().selectedId;
      if (!organizationId) return;
      const started = generation;
      setList(section, LOADING);
      try {
        const page = await fetchers[section](organizationId);
        if (current(organizationId, started)) setList(section, firstPage(page));
      } catch (error) {
        const message = explain(error);
        if (current(organizationId, started)) setList(section, listFailed(message));
      }
    }

    async function loadMore<K extends Section>(section: K): Promise<void> {
      const organizationId = get().selectedId;
      const list = listOf(section);
      if (!organizationId || list.status !== 'ready' || !list.nextPage || list.loadingMore) return;
      const started = generation;
      setList(section, { ...list, loadingMore: true, moreError: undefined });
      try {
        const page = await fetchers[section](organizationId, list.nextPage);
        const latest = listOf(section);
        if (current(organizationId, started) && latest.status === 'ready') setList(section, withNextPage(latest, page));
      } catch (error) {
        const message = explain(error);
        const latest = listOf(section);
        if (current(organizationId, started) && latest.status === 'ready') {
          setList(section, { ...latest, loadingMore: false, moreError: message });
        }
      }
    }

    async function fetchAllOrganizations(): Promise<Page<Organization>> {
      const first = await client.orgs.list.query({ limit: ORG_PAGE_SIZE });
      const items = [...first.items];
      let next = first.next?.page;
      for (let pages = 1; next && pages < MAX_ORG_PAGES; pages += 1) {
        const page = await client.orgs.list.query({ limit: ORG_PAGE_SIZE, page: next });
        items.push(...page.items);
        next = page.next?.page;
      }
      return { items, count: first.count };
    }

    return {
      organizations: IDLE,
      members: IDLE,
      teams: IDLE,

      async load() {
        // React's StrictMode runs mount effects twice in development; one request is enough.
        if (get().organizations.status === 'loading') return;
        const started = generation;
        set({ organizations: LOADING });
        try {
          const [viewer, organizations] = await Promise.all([client.user.me.query(), fetchAllOrganizations()]);
          if (started !== generation) return;
          set({ viewer, organizations: firstPage(organizations) });
          const remembered = storage.getItem(SELECTED_ORG_KEY);
          const initial = organizations.items.find((org) => org.id === remembered) ?? organizations.items[0];
          if (initial) await get().select(initial.id);
        } catch (error) {
          const message = explain(error);
          if (started === generation) set({ organizations: listFailed(message) });
        }
      },

      async select(organizationId) {
        if (get().selectedId === organizationId && get().members.status !== 'idle') return;
        storage.setItem(SELECTED_ORG_KEY, organizationId);
        set({ selectedId: organizationId, members: IDLE, teams: IDLE });
        await Promise.all([loadSection('members'), loadSection('teams')]);
      },

      reloadMembers: () => loadSection('members'),
      reloadTeams: () => loadSection('teams'),
      loadMoreMembers: () => loadMore('members'),
      loadMoreTeams: () => loadMore('teams'),

      reset() {
        generation += 1;
        set({ viewer: undefined, organizations: IDLE, selectedId: undefined, members: IDLE, teams: IDLE });
      },
    };
  });
}

/** The organization currently open, if the list has loaded and still holds it. */
export function selectedOrganization(state: Pick<OrganizationsState, 'organizations' | 'selectedId'>): Organization | undefined {
  return state.organizations.status === 'ready'
    ? state.organizations.items.find((org) => org.id === state.selectedId)
    : undefined;
}
