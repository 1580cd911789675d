import type { NavigationStore } from './navigation-store';

/**
 * What every feature store of the open space gets: its own narrow slice of the tRPC client (declared in
 * the store's file, so a test fakes only that), the 401 handler, and the navigation store it follows.
 */
export interface FeatureDependencies<Client> {
  client: Client;
  /** Called with the server's message when a call is refused with 401. */
  onUnauthorized(message: string): void;
  navigation: NavigationStore;
}
