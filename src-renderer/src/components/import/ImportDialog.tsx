import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { ModalDialog } from '../ModalDialog';
import { useAppStores } from '../stores-context';
import { ImportForm } from './ImportForm';
import { ImportProgress } from './ImportProgress';

/**
 * Imports a website, a markdown folder, or a file (a zip, a Word document...) into the open space, with
 * its progress and its result. Closing the dialog leaves a running import running (the sidebar says so).
 */
export function ImportDialog({ space }: { space: Space }) {
  const { imports, navigation } = useAppStores();
  const phase = useStore(imports, (state) => state.phase);

  useEffect(() => {
    void imports.getState().checkFileImports();
  }, [imports]);

  const close = () => {
    // A finished import's result has been seen: the next opening starts a new one.
    const { status } = imports.getState().phase;
    if (status === 'done' || status === 'failed') imports.getState().reset();
    navigation.getState().closeDialog();
  };

  // The form stays while the import starts, so a refusal shows beside the fields that caused it.
  const showForm = phase.status === 'idle' || phase.status === 'starting' || phase.status === 'failed';
  return (
    <ModalDialog title="Import content" description={`Pages are added to “${space.title || 'Untitled space'}”.`} onClose={close} className="import-dialog">
      {showForm ? <ImportForm space={space} onCancel={close} /> : <ImportProgress onClose={close} />}
    </ModalDialog>
  );
}
