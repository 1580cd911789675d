import { useEffect } from 'react';
import { countOf, formatDate } from '../format';
import { selectedOrganization } from '../stores/organizations-store';
import { PendingInvitations } from './invites/PendingInvitations';
import { MembersSection } from './MembersSection';
import { SsoSection } from './org-settings/SsoSection';
import { TranslationsSection } from './org-settings/TranslationsSection';
import { SitesEntry } from './sites/SitesEntry';
import { SpacesSection } from './SpacesSection';
import { TeamsSection } from './TeamsSection';
import { useOrganizations, useSpaces } from './stores-context';

/** The open organization: its title and facts, then its spaces, members and teams. */
export function OrganizationView() {
  const organization = useOrganizations(selectedOrganization);
  const memberCount = useOrganizations((state) => (state.members.status === 'ready' ? state.members.count : undefined));
  const teamCount = useOrganizations((state) => (state.teams.status === 'ready' ? state.teams.count : undefined));
  const spaceCount = useSpaces((state) => (state.tree.status === 'ready' ? state.tree.spaces.length : undefined));

  useEffect(() => {
    document.title = organization ? `${organization.title} · Folio` : 'Folio';
  }, [organization]);

  if (!organization) return null;
  const facts = [
    memberCount !== undefined && countOf(memberCount, 'member'),
    teamCount !== undefined && countOf(teamCount, 'team'),
    spaceCount !== undefined && countOf(spaceCount, 'space'),
    `created ${formatDate(organization.createdAt)}`,
  ].filter(Boolean);

  return (
    <article className="organization" aria-labelledby="organization-title">
      <header className="organization__header">
        <p className="eyebrow">Organization</p>
        <h1 id="organization-title">{organization.title}</h1>
        <p className="organization__facts">{facts.join(' · ')}</p>
      </header>
      <PendingInvitations />
      <SpacesSection organization={organization} />
      <SitesEntry organization={organization} />
      <MembersSection />
      <TeamsSection />
      <TranslationsSection organization={organization} />
      {organization.permissions.admin && <SsoSection organization={organization} />}
    </article>
  );
}
