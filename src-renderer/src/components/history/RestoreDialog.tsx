import type { RestoreScope, RestoreState } from './history-store';
import { ModalDialog } from '../ModalDialog';

interface RestoreDialogProps {
  restore: Exclude<RestoreState, { status: 'idle' }>;
  pageTitle?: string;
  /** The revision's time, in words. */
  when: string;
  onConfirm(): void;
  onCancel(): void;
}

const TITLES: Record<RestoreScope, string> = { page: 'Restore this page?', space: 'Restore the whole space?' };

/** Asks before a restore, saying what it changes and that nothing is lost. */
export function RestoreDialog({ restore, pageTitle, when, onConfirm, onCancel }: RestoreDialogProps) {
  const page = `“${pageTitle || 'Untitled'}”`;
  const busy = restore.status === 'restoring';
  return (
    <ModalDialog
      title={TITLES[restore.scope]}
      onClose={onCancel}
      description={
        restore.scope === 'page'
          ? `${page} will read as it did at the revision of ${when}: its title and text. Other pages are not changed.`
          : `Every page, file and the page order will be as they were at the revision of ${when}. Pages added since are removed, pages deleted since come back.`
      }
    >
      <p className="hint">The restore is a new revision: every revision before it stays in the history, so it can itself be undone.</p>
      {restore.status === 'error' && (
        <p className="error-text" role="alert">
          Could not restore: {restore.message}
        </p>
      )}
      <div className="restore-dialog__actions">
        <button className="button button--primary" type="button" disabled={busy} onClick={onConfirm}>
          {busy ? 'Restoring…' : restore.scope === 'page' ? 'Restore page' : 'Restore space'}
        </button>
        <button className="button" type="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
