import { useEffect, useRef } from 'react';
import { titleOrUntitled } from '../format';
import { CloseIcon } from './Icons';
import { spaceEntryId } from './SpacesSection';
import { useAppStores, useSpaces } from './stores-context';

/**
 * After a space is deleted: says so and offers to undo (restore it from the trash). It stays until used or
 * dismissed, rather than timing out, so nobody has to race it. Focus moves to Undo, because the control
 * that deleted the space is gone.
 */
export function UndoToast() {
  const { spaces } = useAppStores();
  const deleted = useSpaces((state) => state.lastDeleted);
  const restoring = useSpaces((state) => state.pending.restore === true);
  const error = useSpaces((state) => state.errors.restore);
  const undoButton = useRef<HTMLButtonElement>(null);
  const deletedId = deleted?.space.id;

  useEffect(() => {
    if (deletedId) undoButton.current?.focus();
  }, [deletedId]);

  if (!deleted) return null;
  const title = titleOrUntitled(deleted.space.title, 'space');

  const undo = async () => {
    const restored = await spaces.getState().undoDelete();
    if (restored) requestAnimationFrame(() => document.getElementById(spaceEntryId(restored.id))?.focus());
  };

  return (
    <div className="toast" aria-labelledby="undo-toast-text">
      <div className="toast__body">
        <p id="undo-toast-text">
          Deleted <strong>“{title}”</strong>. It stays in the trash for 7 days.
        </p>
        {error && (
          <p className="error-text" role="alert">
            Could not restore it: {error}
          </p>
        )}
      </div>
      <button ref={undoButton} className="button button--primary" type="button" onClick={() => void undo()} disabled={restoring}>
        {restoring ? 'Restoring…' : 'Undo'}
      </button>
      <button className="icon-button" type="button" aria-label="Dismiss" title="Dismiss" onClick={() => spaces.getState().dismissUndo()}>
        <CloseIcon />
      </button>
    </div>
  );
}
