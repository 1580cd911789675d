import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface ConnectionClient {}

export interface ConnectionState {
  ready: boolean;
}

export type ConnectionStore = StoreApi<ConnectionState>;

export function createConnectionStore(_deps: FeatureDependencies<ConnectionClient>): ConnectionStore {
  return createStore<ConnectionState>()(() => ({ ready: false }));
}
