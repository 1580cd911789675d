import { useEffect } from 'react';
import { useStore } from 'zustand';
import { selectedOrganization } from '../stores/organizations-store';
import { IntegrationsScreen } from './integrations/IntegrationsScreen';
import { PendingInvitations } from './invites/PendingInvitations';
import { OpenAPIScreen } from './openapi/OpenAPIScreen';
import { OrganizationView } from './OrganizationView';
import { CommandPalette } from './search/CommandPalette';
import { SettingsDialog } from './settings/SettingsDialog';
import { Sidebar } from './Sidebar';
import { SkipLinks } from './SkipLinks';
import { SitesScreen } from './sites/SitesScreen';
import { SpaceView } from './SpaceView';
import { StatusMessage } from './StatusMessage';
import { useAppStores, useNavigation, useOrganizations, useSpaces } from './stores-context';
import { UndoToast } from './UndoToast';

/** The signed-in page: the sidebar with the organization switcher, and the open organization or space. */
export function Workspace({ onSignOut }: { onSignOut?: () => void }) {
  const { organizations } = useAppStores();
  const list = useOrganizations((state) => state.organizations);
  const organization = useOrganizations(selectedOrganization);
  const spaceOpen = useSpaces((state) => state.openSpaceId !== undefined);
  const notice = useSpaces((state) => state.notice);
  const settingsOpen = useNavigation((state) => state.dialog === 'settings');
  const sitesOpen = useStore(useAppStores().sites, (state) => state.screen !== undefined);
  const specsOpen = useStore(useAppStores().openapi, (state) => state.screen !== undefined);
  const integrationsOpen = useStore(useAppStores().integrations, (state) => state.screen !== undefined);

  useEffect(() => {
    void organizations.getState().load();
  }, [organizations]);

  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SkipLinks />
      <Sidebar onSignOut={onSignOut} />
      <main className="content" id="main" tabIndex={-1}>
        {list.status === 'idle' || list.status === 'loading' ? (
          <StatusMessage kind="loading">Loading your organizations…</StatusMessage>
        ) : list.status === 'error' ? (
          <StatusMessage kind="error" onRetry={() => void organizations.getState().load()}>
            Could not load your organizations: {list.message}
          </StatusMessage>
        ) : list.items.length === 0 ? (
          <div className="invitations-home">
            <PendingInvitations />
            <StatusMessage kind="empty" title="No organizations yet">
              You are not a member of any organization. Create one with <code>POST /v1/orgs</code>, or ask an admin to
              invite you: invitations appear here for you to accept.
            </StatusMessage>
          </div>
        ) : spaceOpen && organization ? (
          <SpaceView organization={organization} />
        ) : sitesOpen && organization ? (
          <SitesScreen organization={organization} />
        ) : specsOpen && organization ? (
          <OpenAPIScreen organization={organization} />
        ) : integrationsOpen && organization ? (
          <IntegrationsScreen organization={organization} />
        ) : (
          <OrganizationView />
        )}
      </main>
      <UndoToast />
      {/* Always mounted: it listens for Ctrl/Cmd-K anywhere in the window. */}
      <CommandPalette />
      {settingsOpen && <SettingsDialog />}
      {/* What an action just did, for screen readers; what sighted users see changes on screen. */}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </div>
  );
}
