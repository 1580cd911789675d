import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface CommentsClient {}

export interface CommentsState {
  ready: boolean;
}

export type CommentsStore = StoreApi<CommentsState>;

export function createCommentsStore(_deps: FeatureDependencies<CommentsClient>): CommentsStore {
  return createStore<CommentsState>()(() => ({ ready: false }));
}
