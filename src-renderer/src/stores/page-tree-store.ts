import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface PageTreeClient {}

export interface PageTreeState {
  ready: boolean;
}

export type PageTreeStore = StoreApi<PageTreeState>;

export function createPageTreeStore(_deps: FeatureDependencies<PageTreeClient>): PageTreeStore {
  return createStore<PageTreeState>()(() => ({ ready: false }));
}
