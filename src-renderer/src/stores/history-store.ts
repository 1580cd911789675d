import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface HistoryClient {}

export interface HistoryState {
  ready: boolean;
}

export type HistoryStore = StoreApi<HistoryState>;

export function createHistoryStore(_deps: FeatureDependencies<HistoryClient>): HistoryStore {
  return createStore<HistoryState>()(() => ({ ready: false }));
}
