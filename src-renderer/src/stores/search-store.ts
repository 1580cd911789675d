import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface SearchClient {}

export interface SearchState {
  ready: boolean;
}

export type SearchStore = StoreApi<SearchState>;

export function createSearchStore(_deps: FeatureDependencies<SearchClient>): SearchStore {
  return createStore<SearchState>()(() => ({ ready: false }));
}
