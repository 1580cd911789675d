import type { MouseEvent } from 'react';
import { initialsOf } from '../format';
import { Logo } from './Logo';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { ConnectionIndicator } from './status/ConnectionIndicator';
import { useAppStores, useOrganizations, useSpaces } from './stores-context';
import { TeamServerStatus } from './sync/TeamServerStatus';

const SECTIONS = [
  { id: 'spaces', label: 'Spaces' },
  { id: 'members', label: 'Members' },
  { id: 'teams', label: 'Teams' },
];

/** Brand, organization switcher, the page's sections and who is signed in. */
export function Sidebar({ onSignOut }: { onSignOut?: () => void }) {
  const viewer = useOrganizations((state) => state.viewer);
  const hasOrganization = useOrganizations((state) => state.selectedId !== undefined);
  const { spaces, navigation } = useAppStores();
  const spaceOpen = useSpaces((state) => state.openSpaceId !== undefined);

  /** The sections belong to the organization's page: from a space, go back to it first, then to the section. */
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!spaceOpen) return;
    event.preventDefault();
    spaces.getState().close();
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
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
            <a key={section.id} href={`#${section.id}`} onClick={(event) => goTo(event, section.id)}>
              {section.label}
            </a>
          ))}
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
