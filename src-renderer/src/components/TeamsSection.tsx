import { countOf, formatDate } from '../format';
import { ListSection } from './ListSection';
import { useAppStores, useOrganizations } from './stores-context';

export function TeamsSection() {
  const { organizations } = useAppStores();
  const teams = useOrganizations((state) => state.teams);

  return (
    <ListSection
      id="teams"
      title="Teams"
      noun="teams"
      list={teams}
      empty="No teams yet. Create one with PUT /v1/orgs/{id}/teams."
      onRetry={() => void organizations.getState().reloadTeams()}
      onLoadMore={() => void organizations.getState().loadMoreTeams()}
    >
      {(list) => (
        <ul className="cards">
          {list.items.map((team) => (
            <li className="card" key={team.id}>
              <span className="card__icon" aria-hidden="true">
                {team.title.trim().charAt(0).toUpperCase() || '#'}
              </span>
              <span className="card__text">
                <span className="card__title">{team.title}</span>
                <span className="card__meta">{countOf(team.members, 'member')}</span>
                <span className="card__meta">
                  Created <time dateTime={team.createdAt}>{formatDate(team.createdAt)}</time>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
