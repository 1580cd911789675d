import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FeatureDependencies } from './feature-dependencies';

// Placeholder: replaced by the feature's real store.
// oxlint-disable-next-line no-empty-interface
export interface EditorClient {}

export interface EditorState {
  ready: boolean;
}

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(_deps: FeatureDependencies<EditorClient>): EditorStore {
  return createStore<EditorState>()(() => ({ ready: false }));
}
