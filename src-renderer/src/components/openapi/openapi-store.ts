import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import { actionRunner } from '../../stores/action-state';
import type { Page } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { firstPage, IDLE, type ListState, listFailed, LOADING, withNextPage } from '../../stores/list-state';
import {
  checkSlug,
  checkSource,
  type Inputs,
  isProcessing,
  type OpenAPIOperation,
  type OpenAPISpec,
  type OpenAPISpecVersion,
  type OperationRef,
  POLL_MS,
  type SourceDraft,
  SPECS_PAGE_SIZE,
  VERSIONS_LIMIT,
} from './openapi-model';
import { type OperationAnswer, OperationCache } from './openapi-operations';
import type { Load } from '../sites/sites-model';

type SpecRef = { organizationId: string; slug: string };

/** The slice of the tRPC client the API specs screen (and the editor preview's OpenAPI blocks) use. */
export interface OpenAPIClient {
  openapi: {
    list: { query(input: Inputs['openapi']['list']): Promise<Page<OpenAPISpec>> };
    get: { query(input: SpecRef): Promise<OpenAPISpec> };
    create: { mutate(input: Inputs['openapi']['create']): Promise<OpenAPISpec> };
    createOrUpdate: { mutate(input: Inputs['openapi']['createOrUpdate']): Promise<{ created: boolean; spec: OpenAPISpec }> };
    delete: { mutate(input: SpecRef): Promise<{ deleted: boolean }> };
    versions: { list: { query(input: Inputs['openapi']['versions']['list']): Promise<Page<OpenAPISpecVersion>> } };
    operation: { query(input: OperationRef): Promise<OpenAPIOperation | null> };
  };
}

type OpenAPIAction = 'create' | 'update' | 'delete';

/** The organization's specs, or one spec of it (`#/orgs/{id}/openapi[/{slug}]`). */
export interface OpenAPIScreen {
  organizationId: string;
  slug?: string;
}

interface OpenAPIState {
  screen?: OpenAPIScreen;
  specs: ListState<OpenAPISpec>;
  spec: Load<OpenAPISpec>;
  versions: Load<{ items: OpenAPISpecVersion[]; count: number }>;
  pending: Partial<Record<OpenAPIAction, boolean>>;
  errors: Partial<Record<OpenAPIAction, string>>;
  notice?: string;

  show(organizationId: string, slug?: string): Promise<void>;
  close(): void;
  reloadSpecs(): Promise<void>;
  loadMoreSpecs(): Promise<void>;
  reloadSpec(): Promise<void>;
  /** Adds a spec and opens it; resolves to it, or undefined when refused (see `errors.create`). */
  createSpec(input: { slug: string; source: SourceDraft }): Promise<OpenAPISpec | undefined>;
  /** Processes the open spec again from its source as given (the same URL, another URL, or new text). */
  updateSource(source: SourceDraft): Promise<boolean>;
  deleteSpec(): Promise<boolean>;
  clearError(action: OpenAPIAction): void;
  /** An operation for the editor's preview, read at most every few seconds (see OperationCache). */
  operation(ref: OperationRef): Promise<OperationAnswer>;
  /** The operation's answer when it is already loaded, for a preview rendered again. */
  peekOperation(ref: OperationRef): OperationAnswer | undefined;
}

export type OpenAPIStore = StoreApi<OpenAPIState>;

/** A timer the store can cancel; tests pass their own to run polls by hand. */
type Schedule = (run: () => void, ms: number) => () => void;

const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createOpenAPIStore({ client, onUnauthorized, schedule = realSchedule }: FeatureDependencies<OpenAPIClient> & { schedule?: Schedule }): OpenAPIStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };
  const operations = new OperationCache(async (ref) => {
    try {
      return { status: 'ready', operation: await client.openapi.operation.query(ref) };
    } catch (error) {
      // A spec that does not exist (yet) reads as the operation missing, as on the site preview.
      const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
      return status === 404 ? { status: 'ready', operation: null } : { status: 'error', message: explain(error) };
    }
  });
  let cancelPoll: (() => void) | undefined;

  return createStore<OpenAPIState>()((set, get) => {
    const showing = (organizationId: string, slug?: string) => {
      const screen = get().screen;
      return screen?.organizationId === organizationId && (slug === undefined ? !screen.slug : screen.slug === slug);
    };
    const openRef = (): SpecRef | undefined => {
      const screen = get().screen;
      return screen?.slug ? { organizationId: screen.organizationId, slug: screen.slug } : undefined;
    };

    const replaceSpec = (spec: OpenAPISpec) => {
      const { specs, screen } = get();
      if (specs.status === 'ready') set({ specs: { ...specs, items: specs.items.map((s) => (s.id === spec.id ? spec : s)) } });
      if (screen?.slug === spec.slug) set({ spec: { status: 'ready', value: spec } });
    };

    /** Reads again, every POLL_MS, what is being processed on screen; stops once nothing is, or the screen closes. */
    const poll = () => {
      cancelPoll?.();
      cancelPoll = undefined;
      const { screen, specs, spec } = get();
      if (!screen) return;
      const busy = screen.slug ? spec.status === 'ready' && isProcessing(spec.value) : specs.status === 'ready' && specs.items.some(isProcessing);
      if (busy) cancelPoll = schedule(() => void refresh(), POLL_MS);
    };

    const refresh = async () => {
      cancelPoll = undefined;
      const screen = get().screen;
      if (!screen) return;
      if (screen.slug) await refreshSpec();
      else await loadSpecs(true);
      poll();
    };

    const { write, refuse } = actionRunner<OpenAPIAction, OpenAPIState>(get, set, explain);

    async function loadSpecs(quiet = false): Promise<void> {
      const organizationId = get().screen?.organizationId;
      if (!organizationId) return;
      if (!quiet) set({ specs: LOADING });
      try {
        const page = await client.openapi.list.query({ organizationId, limit: SPECS_PAGE_SIZE });
        if (get().screen?.organizationId !== organizationId) return;
        const list = get().specs;
        // A quiet refresh keeps the further pages already shown.
        if (quiet && list.status === 'ready' && list.items.length > page.items.length) {
          const fresh = new Map(page.items.map((s) => [s.id, s]));
          set({ specs: { ...list, items: list.items.map((s) => fresh.get(s.id) ?? s), count: page.count } });
        } else set({ specs: firstPage(page) });
      } catch (error) {
        const message = explain(error);
        if (get().screen?.organizationId === organizationId && !quiet) set({ specs: listFailed(message) });
      }
    }

    async function loadVersions(ref: SpecRef, quiet = false): Promise<void> {
      if (!quiet) set({ versions: { status: 'loading' } });
      try {
        const page = await client.openapi.versions.list.query({ ...ref, limit: VERSIONS_LIMIT });
        if (showing(ref.organizationId, ref.slug)) set({ versions: { status: 'ready', value: { items: page.items, count: page.count } } });
      } catch (error) {
        const message = explain(error);
        if (showing(ref.organizationId, ref.slug) && !quiet) set({ versions: { status: 'error', message } });
      }
    }

    async function loadSpec(): Promise<void> {
      const ref = openRef();
      if (!ref) return;
      const list = get().specs;
      const known = list.status === 'ready' ? list.items.find((s) => s.slug === ref.slug) : undefined;
      set({ spec: known ? { status: 'ready', value: known } : { status: 'loading' } });
      try {
        const spec = await client.openapi.get.query(ref);
        if (showing(ref.organizationId, ref.slug)) replaceSpec(spec);
      } catch (error) {
        const message = explain(error);
        if (showing(ref.organizationId, ref.slug)) set({ spec: { status: 'error', message } });
      }
    }

    /** The open spec read again quietly; a new version (or a finished processing) reads the versions too. */
    async function refreshSpec(): Promise<void> {
      const ref = openRef();
      if (!ref) return;
      const before = get().spec;
      try {
        const spec = await client.openapi.get.query(ref);
        if (!showing(ref.organizationId, ref.slug)) return;
        replaceSpec(spec);
        const previous = before.status === 'ready' ? before.value : undefined;
        if (!previous || previous.lastVersion !== spec.lastVersion || previous.processingState !== spec.processingState) {
          operations.forgetSpec(ref.organizationId, ref.slug);
          await loadVersions(ref, true);
        }
      } catch {
        // What is shown stays; the next poll or action says what is wrong.
      }
    }

    return {
      specs: IDLE,
      spec: { status: 'idle' },
      versions: { status: 'idle' },
      pending: {},
      errors: {},

      async show(organizationId, slug) {
        const previous = get().screen;
        const otherOrganization = previous?.organizationId !== organizationId;
        const otherSpec = otherOrganization || previous?.slug !== slug;
        set({
          screen: { organizationId, slug },
          ...(otherOrganization ? { specs: IDLE } : {}),
          ...(otherSpec ? { spec: { status: 'idle' }, versions: { status: 'idle' }, errors: {} } : {}),
        });
        const work: Array<Promise<void>> = [];
        // Back on the list, it is read again: processing may have finished meanwhile.
        if (!previous || !slug || get().specs.status === 'idle') work.push(loadSpecs(get().specs.status === 'ready'));
        if (slug && (!previous || otherSpec)) work.push(loadSpec(), loadVersions({ organizationId, slug }));
        await Promise.all(work);
        poll();
      },

      close() {
        cancelPoll?.();
        cancelPoll = undefined;
        if (get().screen) set({ screen: undefined, notice: undefined });
      },

      reloadSpecs: async () => {
        await loadSpecs();
        poll();
      },

      async loadMoreSpecs() {
        const organizationId = get().screen?.organizationId;
        const list = get().specs;
        if (!organizationId || list.status !== 'ready' || !list.nextPage || list.loadingMore) return;
        set({ specs: { ...list, loadingMore: true, moreError: undefined } });
        try {
          const page = await client.openapi.list.query({ organizationId, limit: SPECS_PAGE_SIZE, page: list.nextPage });
          const latest = get().specs;
          if (get().screen?.organizationId === organizationId && latest.status === 'ready') set({ specs: withNextPage(latest, page) });
        } catch (error) {
          const message = explain(error);
          const latest = get().specs;
          if (latest.status === 'ready') set({ specs: { ...latest, loadingMore: false, moreError: message } });
        }
      },

      async reloadSpec() {
        const ref = openRef();
        await loadSpec();
        if (ref) await loadVersions(ref);
        poll();
      },

      async createSpec(input) {
        const organizationId = get().screen?.organizationId;
        if (!organizationId) return undefined;
        const slug = checkSlug(input.slug);
        if ('error' in slug) return refuse('create', slug.error);
        const source = checkSource(input.source);
        if ('error' in source) return refuse('create', source.error);
        const spec = await write(
          'create',
          () => client.openapi.create.mutate({ organizationId, slug: slug.slug, source: source.source }),
          (made) => `Added the spec “${made.slug}”; processing it.`,
        );
        if (!spec || get().screen?.organizationId !== organizationId) return spec;
        const list = get().specs;
        if (list.status === 'ready') set({ specs: { ...list, items: [...list.items, spec], count: list.count + 1 } });
        await get().show(organizationId, spec.slug);
        return spec;
      },

      async updateSource(draft) {
        const ref = openRef();
        if (!ref) return false;
        const source = checkSource(draft);
        if ('error' in source) return refuse('update', source.error) ?? false;
        const answer = await write('update', () => client.openapi.createOrUpdate.mutate({ ...ref, source: source.source }), () => `Processing “${ref.slug}” again.`);
        if (!answer) return false;
        operations.forgetSpec(ref.organizationId, ref.slug);
        if (showing(ref.organizationId, ref.slug)) replaceSpec(answer.spec);
        poll();
        return true;
      },

      async deleteSpec() {
        const ref = openRef();
        if (!ref) return false;
        const done = await write('delete', () => client.openapi.delete.mutate(ref), () => `Deleted the spec “${ref.slug}”.`);
        if (!done) return false;
        operations.forgetSpec(ref.organizationId, ref.slug);
        const list = get().specs;
        if (list.status === 'ready') {
          set({ specs: { ...list, items: list.items.filter((s) => s.slug !== ref.slug), count: Math.max(0, list.count - 1) } });
        }
        if (showing(ref.organizationId, ref.slug)) {
          set({ screen: { organizationId: ref.organizationId }, spec: { status: 'idle' }, versions: { status: 'idle' } });
          poll();
        }
        return true;
      },

      clearError(action) {
        set((state) => ({ errors: { ...state.errors, [action]: undefined } }));
      },

      operation: (ref) => operations.load(ref),
      peekOperation: (ref) => operations.peek(ref),
    };
  });
}
