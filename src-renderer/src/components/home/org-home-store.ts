import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { OrganizationsStore } from '../../stores/organizations-store';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
export type RecentPage = Outputs['recentPages']['list'][number];

/** The procedure the organization's home calls. */
export interface OrgHomeClient {
  recentPages: { list: { query(input: Inputs['recentPages']['list']): Promise<RecentPage[]> } };
}

type RecentPagesLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: RecentPage[] };

/** What the organization opens on: its home (spaces and the writer's recent pages) or its settings. */
type OrgView = 'home' | 'settings';

interface OrgHomeState {
  view: OrgView;
  recent: RecentPagesLoad;
  showSettings(): void;
  showHome(): void;
  /** Loads the writer's recently edited pages of the organization (again each time the home shows). */
  loadRecent(organizationId: string): Promise<void>;
}

export type OrgHomeStore = StoreApi<OrgHomeState>;

interface OrgHomeDependencies {
  client: OrgHomeClient;
  onUnauthorized(message: string): void;
  organizations: OrganizationsStore;
}

const RECENT_PAGES_SHOWN = 8;

export function createOrgHomeStore({ client, onUnauthorized, organizations }: OrgHomeDependencies): OrgHomeStore {
  // The newest load wins: switching organizations quickly never shows the previous one's pages.
  let loadSeq = 0;
  const store = createStore<OrgHomeState>()((set, get) => ({
    view: 'home',
    recent: { status: 'idle' },

    showSettings() {
      set({ view: 'settings' });
    },

    showHome() {
      set({ view: 'home' });
    },

    async loadRecent(organizationId) {
      const seq = ++loadSeq;
      // What was shown stays while it refreshes: coming back home does not flash a spinner.
      if (get().recent.status !== 'ready') set({ recent: { status: 'loading' } });
      try {
        const items = await client.recentPages.list.query({ organizationId, limit: RECENT_PAGES_SHOWN });
        if (seq === loadSeq) set({ recent: { status: 'ready', items } });
      } catch (error) {
        const { message, unauthorized } = describeError(error);
        if (unauthorized) onUnauthorized(message);
        if (seq === loadSeq) set({ recent: { status: 'error', message } });
      }
    },
  }));
  // Another organization opens on its home, with nothing of the previous one's shown.
  organizations.subscribe((state, previous) => {
    if (state.selectedId === previous.selectedId) return;
    loadSeq += 1;
    store.setState({ view: 'home', recent: { status: 'idle' } });
  });
  return store;
}
