import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { PageTreeStore } from '../../stores/page-tree-store';
import { CloseIcon } from '../Icons';

/**
 * After a page is deleted: says so and offers Undo until used or dismissed (no timeout to race). Focus
 * moves to Undo, because the row that had it is gone.
 */
export function UndoDeleteBar({ store, onRestored, onDismissed }: { store: PageTreeStore; onRestored(pageId: string): void; onDismissed(): void }) {
  const deleted = useStore(store, (s) => s.lastDeleted);
  const restoring = useStore(store, (s) => s.pending.restore === true);
  const error = useStore(store, (s) => s.errors.restore);
  const undoButton = useRef<HTMLButtonElement>(null);
  const deletedId = deleted?.id;

  useEffect(() => {
    if (deletedId) undoButton.current?.focus();
  }, [deletedId]);

  if (!deleted) return null;
  const below = deleted.pageCount - 1;

  const undo = async () => {
    if (await store.getState().undoDelete()) onRestored(deleted.id);
  };

  return (
    <div className="page-tree__undo" role="group" aria-labelledby="page-tree-undo-text">
      <div className="page-tree__undo-text">
        <p id="page-tree-undo-text">
          Deleted “{deleted.title}”{below > 0 ? ` and ${below} page${below === 1 ? '' : 's'} in it` : ''} —
        </p>
        {error && (
          <p className="error-text" role="alert">
            Could not restore it: {error}
          </p>
        )}
      </div>
      <button ref={undoButton} type="button" className="button button--primary" onClick={() => void undo()} disabled={restoring}>
        {restoring ? 'Restoring…' : 'Undo'}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={() => {
          store.getState().dismissUndo();
          onDismissed();
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
