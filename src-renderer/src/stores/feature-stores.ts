import type { ChangeRequestsClient, ChangeRequestsStore } from './change-requests-store';
import { createChangeRequestsStore } from './change-requests-store';
import type { CommentsClient, CommentsStore } from './comments-store';
import { createCommentsStore } from './comments-store';
import type { ConnectionClient, ConnectionStore } from './connection-store';
import { createConnectionStore } from './connection-store';
import { watchConnection } from './connection-watch';
import type { EditorClient, EditorStore } from './editor-store';
import { createEditorStore } from './editor-store';
import type { WindowLive } from '../editor/live-connection';
import { createExportStore, type ExportClient, type ExportStore } from './export-store';
import { createGitSyncStore, type GitSyncClient, type GitSyncStore } from '../components/git-sync/git-sync-store';
import { createSharingStore, type SharingClient, type SharingStore } from '../components/sharing/sharing-store';
import { createReusableContentsStore, type ReusableContentsClient, type ReusableContentsStore } from '../components/reusable-contents/reusable-contents-store';
import type { HistoryClient, HistoryStore } from './history-store';
import { createHistoryStore } from './history-store';
import type { ImportClient, ImportStore } from './import-store';
import { createInvitationsStore, type InvitationsClient, type InvitationsStore } from './invitations-store';
import { createImportStore } from './import-store';
import type { IntegrationsClient, IntegrationsStore } from './integrations-store';
import { createIntegrationsStore } from './integrations-store';
import { createNavigationStore, type NavigationStore } from './navigation-store';
import type { OpenAPIClient, OpenAPIStore } from './openapi-store';
import { createOrgInvitesStore, type OrgInvitesClient, type OrgInvitesStore } from './org-invites-store';
import { createOpenAPIStore } from './openapi-store';
import type { PageTreeClient, PageTreeStore } from './page-tree-store';
import { createPageTreeStore } from './page-tree-store';
import type { SearchClient, SearchStore } from './search-store';
import { createSearchStore } from './search-store';
import type { SettingsClient, SettingsStore } from './settings-store';
import { createSettingsStore } from './settings-store';
import type { SamlClient, SamlStore } from './saml-store';
import { createSamlStore } from './saml-store';
import type { SiteAppearanceClient, SiteAppearanceStore } from './site-appearance-store';
import { createSiteAppearanceStore } from './site-appearance-store';
import type { SiteGroupsClient, SiteGroupsStore } from './site-groups-store';
import { createSiteGroupsStore } from './site-groups-store';
import type { SiteSpaceAppearanceClient, SiteSpaceAppearanceStore } from './site-space-appearance-store';
import { createSiteSpaceAppearanceStore } from './site-space-appearance-store';
import type { SitesClient, SitesStore } from './sites-store';
import { createSitesStore } from './sites-store';
import { type ChangeRequestReviewsClient, type ChangeRequestReviewsStore, createChangeRequestReviewsStore } from './change-request-reviews-store';
import type { SyncClient, SyncStore } from './sync-store';
import { createSyncStore } from './sync-store';
import type { TranslationsClient, TranslationsStore } from './translations-store';
import { createTranslationsStore } from './translations-store';

/** The stores of everyday work in a space, each owning one feature of the window. */
export interface FeatureStores {
  navigation: NavigationStore;
  pageTree: PageTreeStore;
  editor: EditorStore;
  changeRequests: ChangeRequestsStore;
  /** The open change request's reviews, requested reviewers and merge-rule status. */
  reviews: ChangeRequestReviewsStore;
  comments: CommentsStore;
  search: SearchStore;
  history: HistoryStore;
  imports: ImportStore;
  exports: ExportStore;
  /** The open space's Git Sync panel (its admins). */
  gitSync: GitSyncStore;
  /** The sharing panel open on a space, collection or site (who is invited, with which role). */
  sharing: SharingStore;
  /** The reusable contents of the content being edited (the sidebar, includes in the live preview). */
  reusableContents: ReusableContentsStore;
  settings: SettingsStore;
  sites: SitesStore;
  siteAppearance: SiteAppearanceStore;
  siteSpaceAppearance: SiteSpaceAppearanceStore;
  siteGroups: SiteGroupsStore;
  openapi: OpenAPIStore;
  integrations: IntegrationsStore;
  translations: TranslationsStore;
  saml: SamlStore;
  /** Invitations waiting for the signed-in person. */
  invitations: InvitationsStore;
  /** The open organization's pending invites (its admins). */
  orgInvites: OrgInvitesStore;
  connection: ConnectionStore;
  sync: SyncStore;
}

/** The client slices the feature stores use; the real tRPC client satisfies all of them (checked in main.tsx). */
export type FeatureClient = PageTreeClient &
  EditorClient &
  ChangeRequestsClient &
  ChangeRequestReviewsClient &
  CommentsClient &
  SearchClient &
  HistoryClient &
  ImportClient &
  ExportClient &
  GitSyncClient &
  SharingClient &
  ReusableContentsClient &
  SettingsClient &
  SitesClient &
  SiteAppearanceClient &
  SiteSpaceAppearanceClient &
  SiteGroupsClient &
  OpenAPIClient &
  IntegrationsClient &
  TranslationsClient &
  SamlClient &
  InvitationsClient &
  OrgInvitesClient &
  ConnectionClient &
  SyncClient;

/** `live`: the window's live channel, which the editor syncs open pages over when it can (docs/live.md). */
export function createFeatureStores(client: FeatureClient, onUnauthorized: (message: string) => void, live?: WindowLive): FeatureStores {
  const navigation = createNavigationStore();
  const connection = createConnectionStore({ client, onUnauthorized, navigation });
  // Every feature's calls tell the connection indicator whether the server answered.
  const deps = { client: watchConnection(client, () => connection.getState()), onUnauthorized, navigation };
  const sites = createSitesStore(deps);
  return {
    navigation,
    pageTree: createPageTreeStore(deps),
    editor: createEditorStore(deps, { live }),
    changeRequests: createChangeRequestsStore(deps),
    reviews: createChangeRequestReviewsStore(deps),
    comments: createCommentsStore(deps),
    search: createSearchStore(deps),
    history: createHistoryStore(deps),
    imports: createImportStore(deps),
    exports: createExportStore(deps),
    gitSync: createGitSyncStore(deps),
    sharing: createSharingStore(deps),
    reusableContents: createReusableContentsStore(deps),
    settings: createSettingsStore(deps),
    sites,
    siteAppearance: createSiteAppearanceStore(deps),
    siteSpaceAppearance: createSiteSpaceAppearanceStore(deps),
    siteGroups: createSiteGroupsStore({ ...deps, sites }),
    openapi: createOpenAPIStore(deps),
    integrations: createIntegrationsStore(deps),
    translations: createTranslationsStore(deps),
    saml: createSamlStore(deps),
    invitations: createInvitationsStore(deps),
    orgInvites: createOrgInvitesStore(deps),
    connection,
    sync: createSyncStore(deps),
  };
}
