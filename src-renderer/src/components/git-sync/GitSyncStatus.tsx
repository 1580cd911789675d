import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { fullTime, relativeTime } from '../comments/relative-time';
import { CopyButton } from '../settings/CopyButton';
import { maskToken } from '../settings/mask-token';
import { useAppStores } from '../stores-context';
import type { GitSyncSettings } from './git-sync-store';
import { branchOf, statusWords } from './git-sync-words';

interface GitSyncStatusProps {
  settings: GitSyncSettings;
  onEdit(): void;
  /** Opens the change request the last import left for a review (and closes the dialog). */
  onOpenChangeRequest(changeRequestId: string): void;
}

/** A space that syncs: where it stands with its repository, "Sync now", and the webhook a git host calls. */
export function GitSyncStatus({ settings, onEdit, onOpenChangeRequest }: GitSyncStatusProps) {
  const { gitSync } = useAppStores();
  const syncing = useStore(gitSync, (state) => state.pending.sync === true);
  const syncError = useStore(gitSync, (state) => state.errors.sync);
  const disabling = useStore(gitSync, (state) => state.pending.disable === true);
  const disableError = useStore(gitSync, (state) => state.errors.disable);
  const [copyMessage, setCopyMessage] = useState('');
  const [secretShown, setSecretShown] = useState(false);
  const id = useId();
  const status = statusWords(settings, syncing, syncError);
  const running = status.tone === 'running';
  const review = settings.changeRequest?.status === 'open' ? settings.changeRequest : null;

  return (
    <div className="git-sync-status">
      <div className={`git-sync-status__summary git-sync-status__summary--${status.tone}`} role="status" data-testid="git-sync-status">
        {running && <span className="spinner" aria-hidden="true" />}
        <p className="git-sync-status__text">{status.text}</p>
      </div>
      <dl className="git-sync-status__facts">
        <dt>Branch</dt>
        <dd>
          <code>{branchOf(settings.ref)}</code>
          {settings.repoProjectDirectory && (
            <>
              {' '}
              in the folder <code>{settings.repoProjectDirectory}</code>
            </>
          )}
        </dd>
        {settings.lastCheckedAt && (
          <>
            <dt>Last checked</dt>
            <dd title={fullTime(settings.lastCheckedAt)}>{relativeTime(settings.lastCheckedAt)}</dd>
          </>
        )}
        <dt>Checks for new commits</dt>
        <dd>every {settings.pollMinutes === 1 ? 'minute' : `${settings.pollMinutes} minutes`}</dd>
      </dl>
      {settings.notes.length > 0 && (
        <details className="git-sync-status__notes">
          <summary>Notes from the last sync ({settings.notes.length})</summary>
          <ul>
            {settings.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </details>
      )}
      {settings.pendingCommit && (
        <p className="git-sync-status__note" role="note">
          1 commit waiting to be pushed: the repository could not be reached. The next sync pushes it.
        </p>
      )}
      {review && (
        <div className="git-sync-status__note" role="note">
          <p>
            Change request #{review.number} from the repository waits for a review{review.subject ? `: “${review.subject}”` : ''}. Syncs push nothing until it
            is merged or archived.
          </p>
          <button className="button" type="button" onClick={() => onOpenChangeRequest(review.id)}>
            Open change request #{review.number}
          </button>
        </div>
      )}
      <div className="git-sync-status__actions">
        <button className="button button--primary" type="button" disabled={running} onClick={() => void gitSync.getState().syncNow()}>
          {running ? 'Syncing…' : 'Sync now'}
        </button>
        <button className="button" type="button" onClick={onEdit}>
          Edit settings
        </button>
        <button className="button button--danger" type="button" disabled={disabling} onClick={() => void gitSync.getState().disable()}>
          {disabling ? 'Turning off…' : 'Turn off'}
        </button>
      </div>
      {disableError && (
        <p className="error-text" role="alert">
          Could not turn Git Sync off: {disableError}
        </p>
      )}
      {settings.webhook && (
        <section className="git-sync-webhook" aria-labelledby={`${id}-webhook`}>
          <h3 id={`${id}-webhook`} className="git-sync-webhook__title">
            Webhook
          </h3>
          <p className="hint">Add this as a push webhook in GitHub (secret) or GitLab (secret token) so new commits come in at once.</p>
          <div className="git-sync-webhook__field">
            <span className="git-sync-webhook__label" id={`${id}-hook-url`}>
              Payload URL
            </span>
            <div className="git-sync-webhook__value">
              <code className="git-sync-webhook__code" aria-labelledby={`${id}-hook-url`} data-testid="git-sync-webhook-url">
                {settings.webhook.url}
              </code>
              <CopyButton text={settings.webhook.url} what="the webhook address" onResult={setCopyMessage} />
            </div>
          </div>
          <div className="git-sync-webhook__field">
            <span className="git-sync-webhook__label" id={`${id}-hook-secret`}>
              Secret
            </span>
            <div className="git-sync-webhook__value">
              <code className="git-sync-webhook__code" aria-labelledby={`${id}-hook-secret`}>
                {secretShown ? settings.webhook.secret : maskToken(settings.webhook.secret)}
              </code>
              <button
                className="button"
                type="button"
                aria-label={secretShown ? 'Hide the webhook secret' : 'Show the webhook secret'}
                onClick={() => setSecretShown(!secretShown)}
              >
                {secretShown ? 'Hide' : 'Show'}
              </button>
              <CopyButton text={settings.webhook.secret} what="the webhook secret" onResult={setCopyMessage} />
            </div>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {copyMessage}
          </p>
        </section>
      )}
    </div>
  );
}
