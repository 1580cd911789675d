import { type FormEvent, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { isProcessing, type OpenAPISpec, processErrorWords, type SourceDraft } from './openapi-model';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { dateTime } from './date-time';
import { specsAddress } from './openapi-address';
import { ProcessingBadge } from './ProcessingBadge';
import { SourceFields } from './SourceFields';
import { VersionsSection } from './VersionsSection';

/** One spec: its source and processing, its versions, a new processing from the same or another source, and deleting it. */
export function SpecPage({ organization }: { organization: Organization }) {
  const { openapi } = useAppStores();
  const load = useStore(openapi, (state) => state.spec);

  return (
    <article className="organization site-page" aria-labelledby="spec-title">
      <a className="site-page__back" href={specsAddress(organization.id)}>
        ← All API specs
      </a>
      {load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the spec…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void openapi.getState().reloadSpec()}>
          Could not load the spec: {load.message}
        </StatusMessage>
      ) : (
        <SpecDetails organization={organization} spec={load.value} />
      )}
    </article>
  );
}

function SpecDetails({ organization, spec }: { organization: Organization; spec: OpenAPISpec }) {
  const canEdit = spec.permissions.edit;
  return (
    <>
      <header className="organization__header site-page__header">
        <p className="eyebrow">{organization.title} · API spec</p>
        <div className="site-page__title">
          <h1 id="spec-title">{spec.slug}</h1>
          <ProcessingBadge spec={spec} />
        </div>
        {/* Announced as it changes: the state moves on by itself while the spec is processed. */}
        <dl className="openapi-facts" aria-live="polite">
          <dt>Source</dt>
          <dd>{spec.sourceURL ? <code>{spec.sourceURL}</code> : 'Pasted text'}</dd>
          <dt>Last processed</dt>
          <dd>{spec.lastProcessedAt ? dateTime(spec.lastProcessedAt) : isProcessing(spec) ? 'Not yet: processing…' : 'Never'}</dd>
          {spec.lastProcessErrorCode && (
            <>
              <dt>Last error</dt>
              <dd className="openapi-facts__error">
                {processErrorWords(spec.lastProcessErrorCode)} <code>{spec.lastProcessErrorCode}</code>
                {spec.lastVersion ? ' The previous version stays in use.' : ''}
              </dd>
            </>
          )}
        </dl>
        <p className="hint">
          Show an operation in a page with <code>{`{% openapi-operation spec="${spec.slug}" path="/…" method="get" %}`}</code> …{' '}
          <code>{'{% endopenapi-operation %}'}</code>.
        </p>
      </header>
      <VersionsSection spec={spec} />
      {canEdit && <UpdateSource key={spec.sourceURL ?? 'text'} spec={spec} />}
      {canEdit && <DeleteSpec spec={spec} />}
    </>
  );
}

/** Processes the spec again: from its own URL in one click, or from a new URL or pasted text. */
function UpdateSource({ spec }: { spec: OpenAPISpec }) {
  const { openapi } = useAppStores();
  const pending = useStore(openapi, (state) => state.pending.update === true);
  const error = useStore(openapi, (state) => state.errors.update);
  const [source, setSource] = useState<SourceDraft>(spec.sourceURL ? { kind: 'url', value: spec.sourceURL } : { kind: 'text', value: '' });
  const busy = pending || isProcessing(spec);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await openapi.getState().updateSource(source)) setSource(source.kind === 'text' ? { kind: 'text', value: '' } : source);
  };

  return (
    <section className="section site-panel" aria-labelledby="spec-update-title">
      <h2 id="spec-update-title">Reprocess or update</h2>
      {spec.sourceURL && (
        <div className="site-page__actions">
          <button className="button" type="button" aria-disabled={busy} onClick={() => !busy && void openapi.getState().updateSource({ kind: 'url', value: spec.sourceURL! })}>
            {isProcessing(spec) ? 'Processing…' : 'Reprocess from its URL'}
          </button>
        </div>
      )}
      <form className="openapi-form" aria-label="New source" onSubmit={submit} noValidate>
        <SourceFields
          source={source}
          invalid={Boolean(error)}
          onChange={(next) => {
            setSource(next);
            openapi.getState().clearError('update');
          }}
        />
        {error && (
          <p className="error-text" role="alert">
            Could not update the spec: {error}
          </p>
        )}
        <div className="create-form__actions">
          <button className="button button--primary" type="submit" disabled={busy}>
            {pending ? 'Sending…' : 'Update and process'}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeleteSpec({ spec }: { spec: OpenAPISpec }) {
  const { openapi } = useAppStores();
  const pending = useStore(openapi, (state) => state.pending.delete === true);
  const error = useStore(openapi, (state) => state.errors.delete);
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="section site-panel site-panel--danger" aria-labelledby="spec-delete-title">
      <h2 id="spec-delete-title">Delete this spec</h2>
      <p className="hint">Its versions go with it; pages’ OpenAPI blocks naming “{spec.slug}” then say it is missing.</p>
      {confirming ? (
        <div className="create-form__actions">
          <button className="button button--danger" type="button" autoFocus aria-disabled={pending} onClick={() => void openapi.getState().deleteSpec()}>
            {pending ? 'Deleting…' : `Delete “${spec.slug}”`}
          </button>
          <button className="button button--quiet" type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button className="button button--danger site-panel__start" type="button" onClick={() => setConfirming(true)}>
          Delete spec…
        </button>
      )}
      {error && (
        <p className="error-text" role="alert">
          Could not delete the spec: {error}
        </p>
      )}
    </section>
  );
}
