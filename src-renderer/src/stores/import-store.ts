import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface ImportClient {}

export interface ImportState {
  ready: boolean;
}

export type ImportStore = StoreApi<ImportState>;

export function createImportStore(_deps: FeatureDependencies<ImportClient>): ImportStore {
  return createStore<ImportState>()(() => ({ ready: false }));
}
