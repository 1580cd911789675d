import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyValueStorage } from './storage';

/** The writer's theme: the system's (light or dark as it says), or always light, or always dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** Where the choice is remembered (localStorage in the app and in a browser). */
export const THEME_STORAGE_KEY = 'folio.theme';

interface ThemeState {
  choice: ThemeChoice;
  choose(choice: ThemeChoice): void;
}

export type ThemeStore = StoreApi<ThemeState>;

/** The remembered choice; anything unknown (an older or edited value) is the system's theme. */
function readThemeChoice(storage: KeyValueStorage): ThemeChoice {
  const stored = storage.getItem(THEME_STORAGE_KEY);
  return THEME_CHOICES.find((choice) => choice === stored) ?? 'system';
}

export function createThemeStore(storage: KeyValueStorage): ThemeStore {
  return createStore<ThemeState>()((set) => ({
    choice: readThemeChoice(storage),
    choose(choice) {
      if (choice === 'system') storage.removeItem(THEME_STORAGE_KEY);
      else storage.setItem(THEME_STORAGE_KEY, choice);
      set({ choice });
    },
  }));
}

/** The element styles/theme.css reads: `data-theme` overrides prefers-color-scheme; none follows the system. */
interface ThemeRoot {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

export function applyTheme(root: ThemeRoot, choice: ThemeChoice): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/** Applies the choice now and whenever it changes, so a switch shows at once. Returns the unsubscribe. */
export function followTheme(theme: ThemeStore, root: ThemeRoot): () => void {
  applyTheme(root, theme.getState().choice);
  return theme.subscribe((state, previous) => {
    if (state.choice !== previous.choice) applyTheme(root, state.choice);
  });
}
