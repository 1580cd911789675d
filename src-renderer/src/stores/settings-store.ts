import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface SettingsClient {}

export interface SettingsState {
  ready: boolean;
}

export type SettingsStore = StoreApi<SettingsState>;

export function createSettingsStore(_deps: FeatureDependencies<SettingsClient>): SettingsStore {
  return createStore<SettingsState>()(() => ({ ready: false }));
}
