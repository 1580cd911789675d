import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { formatDate } from '../../format';
import { type OpenAPISpec, processErrorWords } from './openapi-model';
import { PlusIcon } from '../Icons';
import { ListSection } from '../ListSection';
import { useAppStores } from '../stores-context';
import { NewSpecForm } from './NewSpecForm';
import { specsAddress } from './openapi-address';
import { ProcessingBadge } from './ProcessingBadge';

/** The organization's API specs with where their processing is, and "New API spec" for those who may add one. */
export function SpecList({ organization }: { organization: Organization }) {
  const { openapi } = useAppStores();
  const list = useStore(openapi, (state) => state.specs);
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const canCreate = organization.permissions.createOpenAPISpec;

  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  return (
    <article className="organization" aria-labelledby="openapi-title">
      <header className="organization__header">
        <p className="eyebrow">{organization.title}</p>
        <h1 id="openapi-title">API specs</h1>
        <p className="organization__facts">OpenAPI specifications that pages document with OpenAPI blocks.</p>
      </header>
      <ListSection
        id="spec-list"
        title="All specs"
        noun="API specs"
        list={list}
        emptyTitle="No API specs yet"
        empty={
          canCreate
            ? 'Add an OpenAPI or Swagger specification from a URL or by pasting it, then show its operations in pages with {% openapi-operation %} blocks.'
            : 'Nobody has added an API specification here yet.'
        }
        actions={
          canCreate && (
            <button
              ref={newButton}
              className="button button--primary"
              type="button"
              aria-expanded={creating}
              onClick={() => {
                openapi.getState().clearError('create');
                if (creating) closeForm();
                else setCreating(true);
              }}
            >
              <PlusIcon />
              New API spec
            </button>
          )
        }
        before={creating && <NewSpecForm onCancel={closeForm} />}
        onRetry={() => void openapi.getState().reloadSpecs()}
        onLoadMore={() => void openapi.getState().loadMoreSpecs()}
      >
        {(ready) => (
          <ul className="site-list" aria-label="API specs">
            {ready.items.map((spec) => (
              <li key={spec.id}>
                <SpecEntry organizationId={organization.id} spec={spec} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
    </article>
  );
}

function SpecEntry({ organizationId, spec }: { organizationId: string; spec: OpenAPISpec }) {
  return (
    <a className="site-entry openapi-entry" href={specsAddress(organizationId, spec.slug)}>
      <span className="site-entry__title">{spec.slug}</span>
      <ProcessingBadge spec={spec} />
      <span className="site-entry__meta">
        {spec.lastProcessErrorCode ? processErrorWords(spec.lastProcessErrorCode) : spec.sourceURL ? spec.sourceURL : 'Pasted text'}
        {spec.lastProcessedAt ? ` · processed ${formatDate(spec.lastProcessedAt)}` : ''}
      </span>
    </a>
  );
}
