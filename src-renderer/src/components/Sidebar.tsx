import { Fragment, type MouseEvent } from 'react';
import { useStore } from 'zustand';
import { initialsOf } from '../format';
import { Logo } from './Logo';
import { specsAddress } from './openapi/openapi-address';
import { integrationsAddress } from './integrations/integrations-address';
import { sitesAddress } from './sites/site-address';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { ConnectionIndicator } from './status/ConnectionIndicator';
import { useAppStores, useOrganizations, useSpaces } from './stores-context';
import { TeamServerStatus } from './sync/TeamServerStatus';

// Members and teams live in the organization's settings (the last entry), not on its home.
const SECTIONS = [{ id: 'spaces', label: 'Spaces' }];

/** Brand, organization switcher, the page's sections and who is signed in. */
export function Sidebar({ onSignOut }: { onSignOut?: () => void }) {
  const viewer = useOrganizations((state) => state.viewer);
  const hasOrganization = useOrganizations((state) => state.selectedId !== undefined);
  const organizationId = useOrganizations((state) => state.selectedId);
  const { spaces, navigation, sites, openapi, integrations, orgHome } = useAppStores();
  const settingsShown = useStore(orgHome, (state) => state.view === 'settings');
  const spaceOpen = useSpaces((state) => state.openSpaceId !== undefined);
  const sitesOpen = useStore(sites, (state) => state.screen !== undefined);
  const specsOpen = useStore(openapi, (state) => state.screen !== undefined);
  const integrationsOpen = useStore(integrations, (state) => state.screen !== undefined);

  /**
   * The sections belong to the organization's page: from a space or another screen, go back to it first, then
   * to the section. Its settings are a view of that page, not a place on it: their link never follows its hash.
   */
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const settings = id === 'organization-settings';
    event.preventDefault();
    if (settings) orgHome.getState().showSettings();
    else orgHome.getState().showHome();
    if (spaceOpen || sitesOpen || specsOpen || integrationsOpen) {
      spaces.getState().close();
      sites.getState().close();
      openapi.getState().close();
      integrations.getState().close();
    }
    if (!settings) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  };

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar__brand">
        <Logo />
        <span>Folio</span>
      </div>
      <OrganizationSwitcher />
      {hasOrganization && (
        <nav className="sidebar__nav" aria-label="Sections">
          {SECTIONS.map((section) => (
            <Fragment key={section.id}>
              <a href={`#${section.id}`} onClick={(event) => goTo(event, section.id)}>
                {section.label}
              </a>
              {/* Next to the spaces they publish; the sites have a screen of their own, with its own address. */}
              {section.id === 'spaces' && organizationId && (
                <>
                  <a href={sitesAddress(organizationId)} aria-current={sitesOpen ? 'page' : undefined}>
                    Sites
                  </a>
                  <a href={specsAddress(organizationId)} aria-current={specsOpen ? 'page' : undefined}>
                    API specs
                  </a>
                  <a href={integrationsAddress(organizationId)} aria-current={integrationsOpen ? 'page' : undefined}>
                    Integrations
                  </a>
                </>
              )}
            </Fragment>
          ))}
          <a
            href="#organization-settings"
            aria-current={settingsShown && !spaceOpen && !sitesOpen && !specsOpen && !integrationsOpen ? 'page' : undefined}
            onClick={(event) => goTo(event, 'organization-settings')}
          >
            Organization settings
          </a>
        </nav>
      )}
      <div className="sidebar__footer">
        <ConnectionIndicator />
        <TeamServerStatus />
        <button className="button button--quiet sidebar__settings" type="button" onClick={() => navigation.getState().openDialog('settings')}>
          Settings
        </button>
        {viewer && (
          <div className="viewer">
            <span className="avatar avatar--small" aria-hidden="true">
              {initialsOf(viewer.displayName, viewer.email)}
            </span>
            <span className="viewer__text">
              <span className="viewer__name">{viewer.displayName || viewer.email}</span>
              <span className="viewer__email">{viewer.email}</span>
            </span>
          </div>
        )}
        {onSignOut && (
          <button className="button button--quiet" type="button" onClick={onSignOut}>
            Sign out
          </button>
        )}
      </div>
    </aside>
  );
}
