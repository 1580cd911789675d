import { initialsOf } from '../format';
import { Logo } from './Logo';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { useOrganizations } from './stores-context';

/** Brand, organization switcher, the page's sections and who is signed in. */
export function Sidebar({ onSignOut }: { onSignOut?: () => void }) {
  const viewer = useOrganizations((state) => state.viewer);
  const hasOrganization = useOrganizations((state) => state.selectedId !== undefined);

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar__brand">
        <Logo />
        <span>Folio</span>
      </div>
      <OrganizationSwitcher />
      {hasOrganization && (
        <nav className="sidebar__nav" aria-label="Sections">
          <a href="#members">Members</a>
          <a href="#teams">Teams</a>
        </nav>
      )}
      <div className="sidebar__footer">
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
