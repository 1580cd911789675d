import { useStore } from 'zustand';
import { useAppStores } from '../stores-context';

/** Saves bytes as a download from the window (a blob: URL, which the desktop app's CSP allows). */
function saveDownload(fileName: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is not needed past this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the space (or the change request being edited) as a GitBook Git Sync repository zip. */
export function ExportButton() {
  const { exports } = useAppStores();
  const phase = useStore(exports, (state) => state.phase);
  return (
    <>
      <button
        className="button button--quiet"
        type="button"
        disabled={phase.status === 'exporting'}
        title="Download the space as a GitBook repository (zip)"
        onClick={() => void exports.getState().download(saveDownload)}
      >
        {phase.status === 'exporting' ? 'Exporting…' : 'Export'}
      </button>
      {phase.status === 'failed' && (
        <span className="error-text" role="alert">
          Export failed: {phase.message}
        </span>
      )}
    </>
  );
}
