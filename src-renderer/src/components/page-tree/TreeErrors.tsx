import { useStore } from 'zustand';
import type { PageTreeAction, PageTreeStore } from './page-tree-store';
import { CloseIcon } from '../Icons';

/** Restore errors show in the undo bar; the others here, in the server's words, until dismissed. */
const SHOWN: PageTreeAction[] = ['create', 'rename', 'emoji', 'move', 'delete'];

export function TreeErrors({ store }: { store: PageTreeStore }) {
  const errors = useStore(store, (s) => s.errors);
  const shown = SHOWN.filter((action) => errors[action]);
  if (shown.length === 0) return null;
  return (
    <div className="page-tree__errors">
      {shown.map((action) => (
        <div key={action} className="page-tree__error" role="alert">
          <p className="error-text">{errors[action]}</p>
          <button type="button" className="icon-button" aria-label="Dismiss" title="Dismiss" onClick={() => store.getState().clearError(action)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
