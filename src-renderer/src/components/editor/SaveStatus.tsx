import { useEffect, useState } from 'react';
import type { PageSyncState } from '../../editor/page-sync';

/**
 * A push normally returns within milliseconds; showing "Saving…" for each would flicker with every key
 * (and chatter in a screen reader), so it shows only once a push takes longer than this.
 */
const SHOW_SAVING_AFTER_MS = 400;

/** The save state of the open page, in words, in a polite live region. */
export function SaveStatus({ save }: { save: PageSyncState }) {
  const slow = useSlowSaving(save.status === 'saving');
  const status = save.status === 'saving' && !slow ? 'saved' : save.status;
  return (
    <p className={`save-status save-status--${status}`} role="status">
      {describeSave(save, status)}
      {save.pullError && status === 'saved' && <span className="save-status__detail"> — could not check for changes: {save.pullError}</span>}
    </p>
  );
}

function describeSave(save: PageSyncState, status: PageSyncState['status']): string {
  const edits = `${save.waiting} ${save.waiting === 1 ? 'edit' : 'edits'} waiting`;
  switch (status) {
    case 'saved':
      return 'Saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return `Offline — ${edits}, they will be saved when the app reaches its server`;
    case 'error':
      return `Not saved (${edits}): ${save.message ?? 'the server refused the change'}`;
  }
}

function useSlowSaving(saving: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!saving) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SHOW_SAVING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [saving]);
  return slow;
}
