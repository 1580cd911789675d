import type { Space } from '../../api/types';
import type { SidePanel } from '../../stores/navigation-store';
import { useAppStores, useNavigation } from '../stores-context';
import { ExportButton } from './ExportButton';
import { GitSyncButton } from '../git-sync/GitSyncButton';
import { ShareButton } from '../sharing/ShareButton';

const PANELS: Array<{ panel: SidePanel; label: string }> = [
  { panel: 'comments', label: 'Comments' },
  { panel: 'changes', label: 'Changes' },
  { panel: 'history', label: 'History' },
];

/** The space's actions: the side panels, import, export, Git Sync, sharing and search. */
export function SpaceToolbar({ space }: { space: Space }) {
  const { navigation } = useAppStores();
  const open = useNavigation((state) => state.panel);
  const changeRequestId = useNavigation((state) => state.changeRequestId);
  const canImport = space.permissions.edit && space.editMode !== 'locked';

  return (
    <div className="space-toolbar" role="toolbar" aria-label="Space actions">
      {PANELS.filter(({ panel }) => panel !== 'changes' || changeRequestId).map(({ panel, label }) => (
        <button
          key={panel}
          className={`button button--quiet${open === panel ? ' button--active' : ''}`}
          type="button"
          aria-pressed={open === panel}
          onClick={() => navigation.getState().togglePanel(panel)}
        >
          {label}
        </button>
      ))}
      {canImport && (
        <button className="button button--quiet" type="button" onClick={() => navigation.getState().openDialog('import')}>
          Import
        </button>
      )}
      <ExportButton />
      <GitSyncButton space={space} />
      <ShareButton target={{ kind: 'space', spaceId: space.id }} subject={space.title || 'Untitled space'} canManage={space.permissions.admin} look="text" />
      <button
        className="button button--quiet"
        type="button"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => navigation.getState().openDialog('search')}
      >
        Search <kbd>Ctrl K</kbd>
      </button>
    </div>
  );
}
