import type { ChangeRequestsClient, ChangeRequestsStore } from '../components/change-requests/change-requests-store';
import { createChangeRequestsStore } from '../components/change-requests/change-requests-store';
import type { CommentsClient, CommentsStore } from '../components/comments/comments-store';
import { createCommentsStore } from '../components/comments/comments-store';
import type { ConnectionClient, ConnectionStore } from './connection-store';
import { createConnectionStore } from './connection-store';
import { watchConnection } from './connection-watch';
import type { EditorClient, EditorStore } from '../components/editor/editor-store';
import { createEditorStore } from '../components/editor/editor-store';
import type { WindowLive } from '../editor/live-connection';
import { createExportStore, type ExportClient, type ExportStore } from '../components/space/export-store';
import { createGitSyncStore, type GitSyncClient, type GitSyncStore } from '../components/git-sync/git-sync-store';
import { createSharingStore, type SharingClient, type SharingStore } from '../components/sharing/sharing-store';
import { createReusableContentsStore, type ReusableContentsClient, type ReusableContentsStore } from '../components/reusable-contents/reusable-contents-store';
import type { HistoryClient, HistoryStore } from '../components/history/history-store';
import { createHistoryStore } from '../components/history/history-store';
import type { ImportClient, ImportStore } from '../components/import/import-store';
import { createInvitationsStore, type InvitationsClient, type InvitationsStore } from '../components/invites/invitations-store';
import { createImportStore } from '../components/import/import-store';
import type { IntegrationsClient, IntegrationsStore } from '../components/integrations/integrations-store';
import { createIntegrationsStore } from '../components/integrations/integrations-store';
import { createNavigationStore, type NavigationStore } from './navigation-store';
import type { OpenAPIClient, OpenAPIStore } from '../components/openapi/openapi-store';
import { createOrgInvitesStore, type OrgInvitesClient, type OrgInvitesStore } from '../components/invites/org-invites-store';
import { createOpenAPIStore } from '../components/openapi/openapi-store';
import type { PageTreeClient, PageTreeStore } from '../components/page-tree/page-tree-store';
import { createPageTreeStore } from '../components/page-tree/page-tree-store';
import type { SearchClient, SearchStore } from '../components/search/search-store';
import { createSearchStore } from '../components/search/search-store';
import type { SettingsClient, SettingsStore } from '../components/settings/settings-store';
import { createSettingsStore } from '../components/settings/settings-store';
import type { SamlClient, SamlStore } from '../components/org-settings/saml-store';
import { createSamlStore } from '../components/org-settings/saml-store';
import type { SiteAppearanceClient, SiteAppearanceStore } from '../components/sites/site-appearance-store';
import { createSiteAppearanceStore } from '../components/sites/site-appearance-store';
import type { SiteGroupsClient, SiteGroupsStore } from '../components/sites/site-groups-store';
import { createSiteGroupsStore } from '../components/sites/site-groups-store';
import type { SiteSpaceAppearanceClient, SiteSpaceAppearanceStore } from '../components/sites/site-space-appearance-store';
import { createSiteSpaceAppearanceStore } from '../components/sites/site-space-appearance-store';
import type { SitesClient, SitesStore } from '../components/sites/sites-store';
import { createSitesStore } from '../components/sites/sites-store';
import { type ChangeRequestReviewsClient, type ChangeRequestReviewsStore, createChangeRequestReviewsStore } from '../components/change-requests/change-request-reviews-store';
import type { SyncClient, SyncStore } from '../components/sync/sync-store';
import { createSyncStore } from '../components/sync/sync-store';
import type { TranslationsClient, TranslationsStore } from '../components/org-settings/translations-store';
import { createTranslationsStore } from '../components/org-settings/translations-store';

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
