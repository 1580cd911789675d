import { createContext, use } from 'react';
import { useStore } from 'zustand';
import type { AppStores } from '../stores/app-stores';
import type { NavigationState } from '../stores/navigation-store';
import type { OrganizationsState } from '../stores/organizations-store';
import type { SpacesState } from '../stores/spaces-store';

/** The stores, created once in main.tsx; components read them through the hooks below. */
export const StoresContext = createContext<AppStores | null>(null);

export function useAppStores(): AppStores {
  const stores = use(StoresContext);
  if (!stores) throw new Error('useAppStores() is used outside <StoresContext>');
  return stores;
}

/** Subscribes to part of the organizations store; the selector must return a stable value (no new objects). */
export function useOrganizations<T>(selector: (state: OrganizationsState) => T): T {
  return useStore(useAppStores().organizations, selector);
}

/** Subscribes to part of the spaces store; the selector must return a stable value (no new objects). */
export function useSpaces<T>(selector: (state: SpacesState) => T): T {
  return useStore(useAppStores().spaces, selector);
}

/** Subscribes to part of the navigation store (which page, content, panel and dialog are open). */
export function useNavigation<T>(selector: (state: NavigationState) => T): T {
  return useStore(useAppStores().navigation, selector);
}
