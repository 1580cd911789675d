import { useStore } from 'zustand';
import type { PageTreeStore } from './page-tree-store';
import { UndoBar } from '../UndoBar';

/** After a page is deleted: offers to bring it back, with the pages in it, where it was. */
export function UndoDeleteBar({ store, onRestored, onDismissed }: { store: PageTreeStore; onRestored(pageId: string): void; onDismissed(): void }) {
  const deleted = useStore(store, (s) => s.lastDeleted);
  const restoring = useStore(store, (s) => s.pending.restore === true);
  const error = useStore(store, (s) => s.errors.restore);
  if (!deleted) return null;
  const below = deleted.pageCount - 1;

  const undo = async () => {
    if (await store.getState().undoDelete()) onRestored(deleted.id);
  };

  return (
    <UndoBar
      className="page-tree__undo"
      bodyClassName="page-tree__undo-text"
      deletedId={deleted.id}
      restoring={restoring}
      error={error}
      onUndo={() => void undo()}
      onDismiss={() => {
        store.getState().dismissUndo();
        onDismissed();
      }}
    >
      Deleted “{deleted.title}”{below > 0 ? ` and ${below} page${below === 1 ? '' : 's'} in it` : ''} —
    </UndoBar>
  );
}
