import { useStore } from 'zustand';
import type { OpenAPISpec } from './openapi-model';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { dateTime } from './date-time';

/** Every processed result of the spec, newest first; the latest is what pages show. */
export function VersionsSection({ spec }: { spec: OpenAPISpec }) {
  const { openapi } = useAppStores();
  const versions = useStore(openapi, (state) => state.versions);

  return (
    <section className="section" aria-labelledby="spec-versions-title">
      <div className="section__header">
        <h2 id="spec-versions-title">Versions</h2>
        {versions.status === 'ready' && <span className="pill">{versions.value.count.toLocaleString()}</span>}
      </div>
      {versions.status === 'idle' || versions.status === 'loading' ? (
        <StatusMessage kind="loading">Loading versions…</StatusMessage>
      ) : versions.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void openapi.getState().reloadSpec()}>
          Could not load the versions: {versions.message}
        </StatusMessage>
      ) : versions.value.items.length === 0 ? (
        <StatusMessage kind="empty" title="No versions yet">
          A version is kept each time the spec is processed successfully.
        </StatusMessage>
      ) : (
        <>
          <ol className="openapi-versions" aria-label="Versions">
            {versions.value.items.map((version) => (
              <li key={version.id} className="openapi-version">
                <span className="openapi-version__date">{dateTime(version.createdAt)}</span>
                {version.id === spec.lastVersion && <span className="badge badge--published">Latest</span>}
                <code className="openapi-version__id">{version.id}</code>
              </li>
            ))}
          </ol>
          {versions.value.count > versions.value.items.length && (
            <p className="hint">
              The {versions.value.items.length} newest of {versions.value.count} versions are shown.
            </p>
          )}
        </>
      )}
    </section>
  );
}
