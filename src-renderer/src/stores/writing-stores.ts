import { createMarkdownSourceStore, type MarkdownSourceStore } from '../components/editor/markdown-source-store';
import { createOrgHomeStore, type OrgHomeClient, type OrgHomeStore } from '../components/home/org-home-store';
import type { OrganizationsStore } from './organizations-store';
import { createProfileStore, type ProfileClient, type ProfileStore } from '../components/settings/profile-store';
import type { KeyValueStorage } from './storage';
import { createThemeStore, type ThemeStore } from './theme-store';

/** The writer's own stores: the organization's home, their profile, their theme and how the editor shows markdown. */
export interface WritingStores {
  orgHome: OrgHomeStore;
  profile: ProfileStore;
  /** The light or dark theme chosen in Settings, kept in `storage`. */
  theme: ThemeStore;
  /** Whether the editor shows the markdown instead of the live preview, kept in `storage`. */
  markdownSource: MarkdownSourceStore;
}

export type WritingClient = OrgHomeClient & ProfileClient;

export function createWritingStores(deps: {
  client: WritingClient;
  onUnauthorized(message: string): void;
  organizations: OrganizationsStore;
  storage: KeyValueStorage;
}): WritingStores {
  const { client, onUnauthorized, organizations, storage } = deps;
  return {
    orgHome: createOrgHomeStore({ client, onUnauthorized, organizations }),
    profile: createProfileStore({ client, onUnauthorized, organizations }),
    theme: createThemeStore(storage),
    markdownSource: createMarkdownSourceStore(storage),
  };
}
