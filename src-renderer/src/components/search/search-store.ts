import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>['search'];
type Outputs = inferRouterOutputs<AppRouter>['search'];

/** The search procedure the command palette calls. */
export interface SearchClient {
  search: { searchOrganization: { query(input: Inputs['searchOrganization']): Promise<Outputs['searchOrganization']> } };
}

export type SpaceResult = Outputs['searchOrganization']['items'][number];

/** One result the writer can open: a section of a page (the page itself when `anchor` is absent). */
export interface SearchOption {
  key: string;
  spaceId: string;
  spaceTitle: string;
  pageId: string;
  pageTitle: string;
  /** The heading's id in the page, to scroll to. */
  anchor?: string;
  title: string;
  /** The words around the match, as the server cut them. */
  excerpt: string;
}

/** Results as shown: spaces, their pages, and each page's matching sections (indexes into `options`). */
export interface SearchGroup {
  spaceId: string;
  spaceTitle: string;
  pages: Array<{ pageId: string; pageTitle: string; options: number[] }>;
}

interface SearchState {
  query: string;
  organizationId?: string;
  /** idle: nothing typed; searching: an answer is awaited (earlier results stay shown meanwhile). */
  status: 'idle' | 'searching' | 'ready' | 'error';
  message?: string;
  /** The query the shown results answer. */
  answered: string;
  groups: SearchGroup[];
  /** Every result in the order shown: what ArrowUp and ArrowDown move through. */
  options: SearchOption[];
  /** Index in `options`, -1 when there is none. */
  activeIndex: number;

  /** Searches the organization for what was typed, once typing pauses. */
  setQuery(query: string, organizationId: string | undefined): void;
  /** Moves the active result by `delta`, wrapping around. */
  move(delta: number): void;
  setActive(index: number): void;
  retry(): void;
  /** Forgets the query and results (the palette closed); an answer still in flight is dropped. */
  reset(): void;
}

export type SearchStore = StoreApi<SearchState>;

/** How long typing must pause before a search is sent. */
export const SEARCH_DELAY_MS = 150;
/** The API's limit on a query's length (src-shared/schemas/search.ts). */
const MAX_QUERY_LENGTH = 512;

/** The server's answer as the palette lists it. */
function optionsOf(spaces: SpaceResult[]): { groups: SearchGroup[]; options: SearchOption[] } {
  const options: SearchOption[] = [];
  const groups = spaces.map((space) => ({
    spaceId: space.id,
    spaceTitle: space.title,
    pages: space.pages.map((page) => ({
      pageId: page.id,
      pageTitle: page.title,
      options: page.sections.map((section) => {
        // A section's id is `pageId#anchor` (just the page id for the part before the first heading).
        const hash = section.id.indexOf('#');
        const anchor = hash >= 0 ? section.id.slice(hash + 1) : undefined;
        options.push({
          key: `${space.id}/${section.id}`,
          spaceId: space.id,
          spaceTitle: space.title,
          pageId: page.id,
          pageTitle: page.title,
          ...(anchor ? { anchor } : {}),
          title: section.title,
          excerpt: section.body,
        });
        return options.length - 1;
      }),
    })),
  }));
  return { groups, options };
}

const EMPTY = { groups: [], options: [], activeIndex: -1, answered: '', message: undefined };

export function createSearchStore({ client, onUnauthorized }: FeatureDependencies<SearchClient>): SearchStore {
  // Each query gets a number; only the answer to the latest one is shown.
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  return createStore<SearchState>()((set, get) => {
    async function run(ticket: number, query: string, organizationId: string) {
      try {
        const answer = await client.search.searchOrganization.query({ organizationId, query: query.slice(0, MAX_QUERY_LENGTH) });
        if (ticket !== latest) return;
        const { groups, options } = optionsOf(answer.items);
        set({ status: 'ready', groups, options, activeIndex: options.length ? 0 : -1, answered: query, message: undefined });
      } catch (error) {
        if (ticket !== latest) return;
        const described = describeError(error);
        if (described.unauthorized) onUnauthorized(described.message);
        set({ ...EMPTY, status: 'error', message: described.message, answered: query });
      }
    }

    function schedule(query: string, organizationId: string | undefined, delay: number) {
      latest += 1;
      const ticket = latest;
      clearTimeout(timer);
      if (!query.trim() || !organizationId) {
        set({ ...EMPTY, query, organizationId, status: 'idle' });
        return;
      }
      set({ query, organizationId, status: 'searching' });
      timer = setTimeout(() => void run(ticket, query.trim(), organizationId), delay);
    }

    return {
      query: '',
      status: 'idle',
      answered: '',
      groups: [],
      options: [],
      activeIndex: -1,

      setQuery(query, organizationId) {
        if (query === get().query && organizationId === get().organizationId) return;
        schedule(query, organizationId, SEARCH_DELAY_MS);
      },

      move(delta) {
        const count = get().options.length;
        if (count === 0) return;
        const from = get().activeIndex < 0 ? (delta > 0 ? -1 : 0) : get().activeIndex;
        set({ activeIndex: (((from + delta) % count) + count) % count });
      },

      setActive(index) {
        if (index >= 0 && index < get().options.length) set({ activeIndex: index });
      },

      retry() {
        schedule(get().query, get().organizationId, 0);
      },

      reset() {
        latest += 1;
        clearTimeout(timer);
        set({ ...EMPTY, query: '', status: 'idle' });
      },
    };
  });
}
