import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface ChangeRequestsClient {}

export interface ChangeRequestsState {
  ready: boolean;
}

export type ChangeRequestsStore = StoreApi<ChangeRequestsState>;

export function createChangeRequestsStore(_deps: FeatureDependencies<ChangeRequestsClient>): ChangeRequestsStore {
  return createStore<ChangeRequestsState>()(() => ({ ready: false }));
}
