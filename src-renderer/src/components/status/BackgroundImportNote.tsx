import { useStore } from 'zustand';
import { countOf } from '../../format';
import { useAppStores, useNavigation } from '../stores-context';

/**
 * An import keeps running when its dialog is closed: this says so in the sidebar, and says when it ended,
 * with a way back to its result.
 */
export function BackgroundImportNote() {
  const { imports, navigation } = useAppStores();
  const phase = useStore(imports, (state) => state.phase);
  const targetSpace = useStore(imports, (state) => state.target?.spaceId);
  const dialogOpen = useNavigation((state) => state.dialog === 'import');
  const inTargetSpace = useNavigation((state) => state.spaceId !== undefined && state.spaceId === targetSpace);

  if (dialogOpen || phase.status === 'idle') return null;
  const text =
    phase.status === 'starting' || phase.status === 'running'
      ? `Importing in the background${phase.status === 'running' && phase.found > 0 ? ` (${phase.done} of ${phase.found})` : ''}…`
      : phase.status === 'done'
        ? `Import finished: ${countOf(phase.result.pages, 'page')} imported.`
        : `The import failed: ${phase.message}`;

  return (
    <div className="import-note" role="status">
      <span className="import-note__text">{text}</span>
      {phase.status !== 'starting' && phase.status !== 'running' && (
        <span className="import-note__actions">
          {inTargetSpace && (
            <button className="button button--quiet" type="button" onClick={() => navigation.getState().openDialog('import')}>
              Show
            </button>
          )}
          <button className="button button--quiet" type="button" onClick={() => imports.getState().reset()}>
            Dismiss
          </button>
        </span>
      )}
    </div>
  );
}
