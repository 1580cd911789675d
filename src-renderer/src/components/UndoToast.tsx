import { titleOrUntitled } from '../format';
import { spaceEntryId } from './SpacesSection';
import { useAppStores, useSpaces } from './stores-context';
import { UndoBar } from './UndoBar';

/** After a space is deleted: offers to restore it from the trash, in its former place. */
export function UndoToast() {
  const { spaces } = useAppStores();
  const deleted = useSpaces((state) => state.lastDeleted);
  const restoring = useSpaces((state) => state.pending.restore === true);
  const error = useSpaces((state) => state.errors.restore);
  if (!deleted) return null;

  const undo = async () => {
    const restored = await spaces.getState().undoDelete();
    if (restored) requestAnimationFrame(() => document.getElementById(spaceEntryId(restored.id))?.focus());
  };

  return (
    <UndoBar
      className="toast"
      bodyClassName="toast__body"
      deletedId={deleted.space.id}
      restoring={restoring}
      error={error}
      onUndo={() => void undo()}
      onDismiss={() => spaces.getState().dismissUndo()}
    >
      Deleted <strong>“{titleOrUntitled(deleted.space.title, 'space')}”</strong>. It stays in the trash for 7 days.
    </UndoBar>
  );
}
