import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyValueStorage } from '../../stores/storage';

/**
 * Whether the editor shows the page's markdown as it is stored ("Show markdown": the plain editor,
 * syntax colours only) instead of the live preview. For writers who know the markup and want every
 * character in view; kept across pages and restarts.
 */
const MARKDOWN_SOURCE_KEY = 'folio.editor.showMarkdown';

interface MarkdownSourceState {
  showMarkdown: boolean;
  toggle(): void;
}

export type MarkdownSourceStore = StoreApi<MarkdownSourceState>;

export function createMarkdownSourceStore(storage: KeyValueStorage): MarkdownSourceStore {
  return createStore<MarkdownSourceState>()((set, get) => ({
    showMarkdown: storage.getItem(MARKDOWN_SOURCE_KEY) === '1',
    toggle() {
      const showMarkdown = !get().showMarkdown;
      storage.setItem(MARKDOWN_SOURCE_KEY, showMarkdown ? '1' : '0');
      set({ showMarkdown });
    },
  }));
}
