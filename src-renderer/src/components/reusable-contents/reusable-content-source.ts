import type { IncludeLookup, ReusableContentSource } from '../../editor/live-preview/includes';
import type { ReusableContentsState, ReusableContentsStore } from './reusable-contents-store';

/** What the include of `slug` shows, from the store's state (pure: asking for what is missing is the source's job). */
export function lookupInclude(state: Pick<ReusableContentsState, 'load' | 'items' | 'markdown'>, slug: string): IncludeLookup {
  const wanted = slug.toLowerCase();
  // Slugs are compared as the server compares them (src-main/content/includes.ts): without case.
  const item = state.items.find((candidate) => candidate.slug.toLowerCase() === wanted);
  if (!item) {
    if (state.load.status === 'ready') return { status: 'missing' };
    return state.load.status === 'error' ? { status: 'error', message: state.load.message } : { status: 'loading' };
  }
  const markdown = state.markdown[item.id];
  if (!markdown) return { status: 'loading' };
  return markdown.status === 'ready' ? { status: 'ready', title: item.title, markdown: markdown.markdown } : { status: 'error', message: markdown.message };
}

/**
 * The store as the live preview reads it (editor/live-preview/includes.ts): a lookup that fetches what it lacks,
 * and a subscription that fires when the list or a markdown changed.
 */
export function reusableContentSource(store: ReusableContentsStore): ReusableContentSource {
  return {
    lookup(slug) {
      const state = store.getState();
      const found = lookupInclude(state, slug);
      if (found.status === 'loading') {
        const item = state.items.find((candidate) => candidate.slug.toLowerCase() === slug.toLowerCase());
        // Asked while a widget draws: the fetch starts after, so no store update lands in the middle of drawing.
        if (item) queueMicrotask(() => store.getState().requestMarkdown(item.id));
        else if (state.load.status === 'idle') queueMicrotask(() => void store.getState().reload());
      }
      return found;
    },
    subscribe(listener) {
      return store.subscribe((state, previous) => {
        if (state.items !== previous.items || state.markdown !== previous.markdown || state.load !== previous.load) listener();
      });
    },
  };
}
