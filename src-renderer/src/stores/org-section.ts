import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { Page } from '../api/types';
import { firstPage, IDLE, type ListState, listFailed, LOADING } from './list-state';

/**
 * What an organization settings section (translations, single sign-on) holds: one list of the open
 * organization, its writes with their pending flag and error, and a notice of the last one for a live region.
 */
export interface OrgSectionState<T, A extends string> {
  organizationId?: string;
  list: ListState<T>;
  pending: Partial<Record<A, boolean>>;
  errors: Partial<Record<A, string>>;
  notice?: string;
  /** Loads the organization's list (again, when another organization or `force`). */
  load(organizationId: string, force?: boolean): Promise<void>;
  clearError(action: A): void;
}

interface OrgSectionKit<T, A extends string> {
  /** Runs a write of the open organization: its pending flag, its error in the server's words, a notice when it worked. */
  write<R>(action: A, run: (organizationId: string) => Promise<R>, notice: (result: R) => string): Promise<R | undefined>;
  /** Refuses a write before asking the server, with the reason shown as its error. */
  refuse(action: A, message: string): undefined;
  /** Changes the loaded list in place (an item added, replaced or removed), with the count's change. */
  change(update: (items: T[]) => T[], countChange?: number): void;
}

/** A section's store; `extend` adds its own writes (built on the kit) to the state. */
export function createOrgSectionStore<T, A extends string, X extends object>(
  fetch: (organizationId: string) => Promise<Page<T>>,
  onUnauthorized: (message: string) => void,
  extend: (kit: OrgSectionKit<T, A>) => X,
): StoreApi<OrgSectionState<T, A> & X> {
  const explain = (error: unknown) => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };
  return createStore<OrgSectionState<T, A> & X>()((set, get) => {
    const base = () => get() as OrgSectionState<T, A>;
    const kit: OrgSectionKit<T, A> = {
      async write(action, run, notice) {
        const organizationId = base().organizationId;
        if (!organizationId || base().pending[action]) return undefined;
        set((state) => ({ pending: { ...state.pending, [action]: true }, errors: { ...state.errors, [action]: undefined }, notice: undefined }) as Partial<OrgSectionState<T, A> & X>);
        try {
          const result = await run(organizationId);
          set((state) => ({ pending: { ...state.pending, [action]: false }, notice: notice(result) }) as Partial<OrgSectionState<T, A> & X>);
          return result;
        } catch (error) {
          const message = explain(error);
          set((state) => ({ pending: { ...state.pending, [action]: false }, errors: { ...state.errors, [action]: message } }) as Partial<OrgSectionState<T, A> & X>);
          return undefined;
        }
      },
      refuse(action, message) {
        set((state) => ({ errors: { ...state.errors, [action]: message } }) as Partial<OrgSectionState<T, A> & X>);
        return undefined;
      },
      change(update, countChange = 0) {
        const list = base().list;
        if (list.status === 'ready') set({ list: { ...list, items: update(list.items), count: list.count + countChange } } as Partial<OrgSectionState<T, A> & X>);
      },
    };
    const state: OrgSectionState<T, A> = {
      list: IDLE,
      pending: {},
      errors: {},
      async load(organizationId, force = false) {
        if (!force && base().organizationId === organizationId && base().list.status !== 'idle' && base().list.status !== 'error') return;
        set({ organizationId, list: LOADING, errors: {}, notice: undefined } as Partial<OrgSectionState<T, A> & X>);
        try {
          const page = await fetch(organizationId);
          if (base().organizationId === organizationId) set({ list: firstPage(page) } as Partial<OrgSectionState<T, A> & X>);
        } catch (error) {
          const message = explain(error);
          if (base().organizationId === organizationId) set({ list: listFailed(message) } as Partial<OrgSectionState<T, A> & X>);
        }
      },
      clearError(action) {
        set((s) => ({ errors: { ...s.errors, [action]: undefined } }) as Partial<OrgSectionState<T, A> & X>);
      },
    };
    return { ...state, ...extend(kit) } as OrgSectionState<T, A> & X;
  });
}
