import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { countOf, formatDate } from '../format';
import { selectedOrganization } from '../stores/organizations-store';
import { RecentPages } from './home/RecentPages';
import { PendingInvitations } from './invites/PendingInvitations';
import { OrganizationSettings } from './org-settings/OrganizationSettings';
import { SitesEntry } from './sites/SitesEntry';
import { SpacesSection } from './SpacesSection';
import { useAppStores, useOrganizations, useSpaces } from './stores-context';

/**
 * The open organization. It opens on writing: the writer's recently edited pages and the spaces; members,
 * teams, translations, integrations and single sign-on are in its settings, one button away.
 */
export function OrganizationView() {
  const { orgHome } = useAppStores();
  const view = useStore(orgHome, (state) => state.view);
  const organization = useOrganizations(selectedOrganization);
  const memberCount = useOrganizations((state) => (state.members.status === 'ready' ? state.members.count : undefined));
  const teamCount = useOrganizations((state) => (state.teams.status === 'ready' ? state.teams.count : undefined));
  const spaceCount = useSpaces((state) => (state.tree.status === 'ready' ? state.tree.spaces.length : undefined));
  const settingsButton = useRef<HTMLButtonElement>(null);
  const cameBack = useRef(false);

  useEffect(() => {
    if (view === 'home') document.title = organization ? `${organization.title} · Folio` : 'Folio';
    // Back from the settings: focus returns to the button that opened them.
    if (view === 'home' && cameBack.current) settingsButton.current?.focus();
    cameBack.current = view === 'settings';
  }, [organization, view]);

  if (!organization) return null;
  const facts = [
    memberCount !== undefined && countOf(memberCount, 'member'),
    teamCount !== undefined && countOf(teamCount, 'team'),
    spaceCount !== undefined && countOf(spaceCount, 'space'),
    `created ${formatDate(organization.createdAt)}`,
  ]
    .filter(Boolean)
    .join(' · ');

  if (view === 'settings') return <OrganizationSettings organization={organization} facts={facts} />;

  return (
    <article className="organization" aria-labelledby="organization-title">
      <header className="organization__header organization__header--home">
        <div>
          <p className="eyebrow">Organization</p>
          <h1 id="organization-title">{organization.title}</h1>
          <p className="organization__facts">{facts}</p>
        </div>
        <button ref={settingsButton} className="button" type="button" onClick={() => orgHome.getState().showSettings()}>
          Organization settings
        </button>
      </header>
      <PendingInvitations />
      <RecentPages organization={organization} />
      <SpacesSection organization={organization} />
      <SitesEntry organization={organization} />
    </article>
  );
}
