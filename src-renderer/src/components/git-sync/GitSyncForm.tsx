import { type FormEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { useAppStores } from '../stores-context';
import type { GitSyncSettings, GitSyncSettingsInput } from './git-sync-store';

const BRANCH_PREFIX = 'refs/heads/';

interface GitSyncFormProps {
  /** The stored settings when editing them (or turning Git Sync back on); absent for a first setup. */
  settings: GitSyncSettings | null;
  onCancel?: () => void;
  onSaved?: () => void;
}

interface Draft {
  url: string;
  branch: string;
  folder: string;
  username: string;
  token: string;
  forgetToken: boolean;
}

function draftOf(settings: GitSyncSettings | null): Draft {
  const ref = settings?.ref ?? `${BRANCH_PREFIX}main`;
  return {
    url: settings?.url ?? '',
    branch: ref.startsWith(BRANCH_PREFIX) ? ref.slice(BRANCH_PREFIX.length) : ref,
    folder: settings?.repoProjectDirectory ?? '',
    username: '',
    token: '',
    forgetToken: false,
  };
}

/** What the form sends: a branch name becomes its ref; an empty token keeps the stored one. */
function inputOf(draft: Draft): GitSyncSettingsInput {
  const branch = draft.branch.trim() || 'main';
  return {
    url: draft.url.trim(),
    ref: branch.startsWith('refs/') ? branch : `${BRANCH_PREFIX}${branch}`,
    repoProjectDirectory: draft.folder.trim(),
    ...(draft.username.trim() && { username: draft.username.trim() }),
    ...(draft.forgetToken ? { token: null } : draft.token && { token: draft.token }),
  };
}

/** The repository a space syncs with, and the credentials to reach it; the server's refusal shows beside it. */
export function GitSyncForm({ settings, onCancel, onSaved }: GitSyncFormProps) {
  const { gitSync } = useAppStores();
  const saving = useStore(gitSync, (state) => state.pending.configure === true);
  const error = useStore(gitSync, (state) => state.errors.configure);
  const [draft, setDraft] = useState(() => draftOf(settings));
  const id = useId();
  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (await gitSync.getState().configure(inputOf(draft))) onSaved?.();
  };

  return (
    <form className="git-sync-form" aria-label="Git Sync settings" onSubmit={(event) => void submit(event)} noValidate>
      <div className="git-sync-form__field">
        <label htmlFor={`${id}-url`}>Repository URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          spellCheck={false}
          required
          placeholder="https://github.com/owner/docs.git"
          value={draft.url}
          aria-describedby={`${id}-url-hint`}
          onChange={(event) => change({ url: event.target.value })}
        />
        <p className="hint" id={`${id}-url-hint`}>
          An <code>https://</code> address, or a <code>file://</code> one for a repository on the computer running Folio.
        </p>
      </div>
      <div className="git-sync-form__row">
        <div className="git-sync-form__field">
          <label htmlFor={`${id}-branch`}>Branch</label>
          <input id={`${id}-branch`} type="text" spellCheck={false} value={draft.branch} placeholder="main" onChange={(event) => change({ branch: event.target.value })} />
        </div>
        <div className="git-sync-form__field">
          <label htmlFor={`${id}-folder`}>Folder in the repository (optional)</label>
          <input id={`${id}-folder`} type="text" spellCheck={false} value={draft.folder} placeholder="docs" onChange={(event) => change({ folder: event.target.value })} />
        </div>
      </div>
      <div className="git-sync-form__row">
        <div className="git-sync-form__field">
          <label htmlFor={`${id}-username`}>Username (optional)</label>
          <input id={`${id}-username`} type="text" spellCheck={false} autoComplete="off" value={draft.username} onChange={(event) => change({ username: event.target.value })} />
        </div>
        <div className="git-sync-form__field">
          <label htmlFor={`${id}-token`}>Token (optional)</label>
          <input
            id={`${id}-token`}
            type="password"
            autoComplete="new-password"
            value={draft.token}
            disabled={draft.forgetToken}
            aria-describedby={`${id}-token-hint`}
            onChange={(event) => change({ token: event.target.value })}
          />
        </div>
      </div>
      <p className="hint" id={`${id}-token-hint`}>
        {settings?.hasCredentials
          ? 'A token is stored: leave the field empty to keep it.'
          : 'A personal access token that may push to the repository (GitHub, GitLab); it is stored sealed.'}
      </p>
      {settings?.hasCredentials && (
        <label className="git-sync-form__check">
          <input type="checkbox" checked={draft.forgetToken} onChange={(event) => change({ forgetToken: event.target.checked })} />
          Forget the stored token
        </label>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="git-sync-form__actions">
        {onCancel && (
          <button className="button" type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        {/* aria-disabled while saving: a disabled button would drop the keyboard focus to the page. */}
        <button className="button button--primary" type="submit" aria-disabled={saving || undefined}>
          {saving ? 'Checking the repository…' : settings?.enabled ? 'Save settings' : 'Turn on Git Sync'}
        </button>
      </div>
    </form>
  );
}
