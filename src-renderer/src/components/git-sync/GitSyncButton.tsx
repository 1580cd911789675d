import type { Space } from '../../api/types';
import { useAppStores } from '../stores-context';

/** Opens the space's Git Sync panel; only its admins may set it up, so only they see the button. */
export function GitSyncButton({ space }: { space: Space }) {
  const { navigation } = useAppStores();
  if (!space.permissions.admin) return null;
  return (
    <button
      className="button button--quiet"
      type="button"
      aria-haspopup="dialog"
      title="Keep the space in step with a git repository"
      onClick={() => navigation.getState().openDialog('git-sync')}
    >
      Git Sync
    </button>
  );
}
