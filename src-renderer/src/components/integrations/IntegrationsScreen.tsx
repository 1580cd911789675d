import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { IntegrationCard } from './IntegrationCard';

/** The integrations the organization can see and whether it has installed them (`#/orgs/{id}/integrations`). */
export function IntegrationsScreen({ organization }: { organization: Organization }) {
  const { integrations } = useAppStores();
  const list = useStore(integrations, (state) => state.integrations);
  const notice = useStore(integrations, (state) => state.notice);

  useEffect(() => {
    document.title = `Integrations · ${organization.title} · Folio`;
  }, [organization]);

  return (
    <div className="sites integrations">
      <article className="organization" aria-labelledby="integrations-title">
        <header className="organization__header">
          <p className="eyebrow">{organization.title}</p>
          <h1 id="integrations-title">Integrations</h1>
          <p className="organization__facts">Public integrations and this organization’s own. Folio stores and serves their scripts; it does not run them.</p>
        </header>
        <section className="section" aria-labelledby="integration-list-title">
          <div className="section__header">
            <h2 id="integration-list-title">Available integrations</h2>
            {list.status === 'ready' && <span className="pill">{list.count.toLocaleString()}</span>}
          </div>
          {list.status === 'idle' || list.status === 'loading' ? (
            <StatusMessage kind="loading">Loading integrations…</StatusMessage>
          ) : list.status === 'error' ? (
            <StatusMessage kind="error" onRetry={() => void integrations.getState().reload()}>
              Could not load integrations: {list.message}
            </StatusMessage>
          ) : list.items.length === 0 ? (
            <StatusMessage kind="empty" title="No integrations yet">
              Developers publish integrations with the API or the CLI (<code>POST /v1/integrations/{'{name}'}</code>), not here; once published,
              they are listed here to install.
            </StatusMessage>
          ) : (
            <>
              <ul className="integration-list" aria-label="Integrations">
                {list.items.map((integration) => (
                  <li key={integration.name}>
                    <IntegrationCard organization={organization} integration={integration} />
                  </li>
                ))}
              </ul>
              <p className="hint">To publish an integration of your own, use the API or the CLI: publishing is a developer task.</p>
              {list.moreError && (
                <p className="error-text" role="alert">
                  Could not load more integrations: {list.moreError}
                </p>
              )}
              {list.nextPage && (
                <button className="button load-more" type="button" onClick={() => void integrations.getState().loadMore()} disabled={list.loadingMore}>
                  {list.loadingMore ? 'Loading…' : `Load more integrations (${list.items.length} of ${list.count} shown)`}
                </button>
              )}
            </>
          )}
        </section>
      </article>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </div>
  );
}
