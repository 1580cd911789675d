import { useEffect, useId, useRef, useState } from 'react';
import type { Space } from '../../api/types';
import { type ChangeRequest, type ChangeRequestAction } from './change-requests-store';
import { useAppStores } from '../stores-context';
import { useReviews } from './ReviewSection';
import { changeRequestRights, useChangeRequests } from './use-change-requests';

/** The server's refusal of an action, beside its control. */
function ActionError({ action }: { action: ChangeRequestAction }) {
  const error = useChangeRequests((state) => state.errors[action]);
  return error ? (
    <p className="error-text" role="alert">
      {error}
    </p>
  ) : null;
}

/** "Outdated — main has changed since", with the way out. */
export function OutdatedCallout({ space, changeRequest }: { space: Space; changeRequest: ChangeRequest }) {
  const { changeRequests } = useAppStores();
  const pending = useChangeRequests((state) => state.pending.updateFromMain === true);
  if (!changeRequest.outdated || changeRequest.status === 'merged') return null;
  return (
    <div className="callout callout--outdated cr-outdated">
      <div>
        <p>
          <strong>Outdated</strong> — main content has changed since this change request was created or last updated.
        </p>
        {changeRequestRights(space).edit ? (
          <button className="button" type="button" disabled={pending} onClick={() => void changeRequests.getState().updateFromMain()}>
            {pending ? 'Updating from main…' : 'Update from main'}
          </button>
        ) : (
          <p className="hint">Someone who can edit this space can update it from main.</p>
        )}
        <ActionError action="updateFromMain" />
      </div>
    </div>
  );
}

/** Why Merge is unavailable, in words; undefined when it is available. */
function mergeBlocker(space: Space, changeRequest: ChangeRequest): string | undefined {
  const rights = changeRequestRights(space);
  if (rights.locked) return 'The space is locked: nothing can be merged into it.';
  if (!rights.merge) return 'Merging needs the review role in this space.';
  if (changeRequest.status === 'archived') return 'Reopen it to merge it.';
  if (changeRequest.outdated) return 'Update it from main first: main content has changed since.';
  return undefined;
}

/** Merge, archive (after confirming) or reopen the change request. */
export function ChangeRequestActions({ space, changeRequest }: { space: Space; changeRequest: ChangeRequest }) {
  const { changeRequests } = useAppStores();
  const pending = useChangeRequests((state) => state.pending);
  const [confirming, setConfirming] = useState(false);
  const archiveButton = useRef<HTMLButtonElement>(null);
  const reasonId = useId();
  const rights = changeRequestRights(space);
  // The space's merge rules, judged by the server (the same function that refuses the merge).
  const ruleBlocker = useReviews((state) =>
    state.mergeStatus.status === 'ready' && !state.mergeStatus.result.mergeable ? state.mergeStatus.result.message : undefined,
  );
  if (changeRequest.status === 'merged') return null;
  const blocker = mergeBlocker(space, changeRequest) ?? ruleBlocker;

  return (
    <div className="cr-actions">
      <div className="cr-actions__row">
        <button
          className="button button--primary"
          type="button"
          disabled={blocker !== undefined || pending.merge === true}
          aria-describedby={blocker ? reasonId : undefined}
          onClick={() => void changeRequests.getState().merge()}
        >
          {pending.merge ? 'Merging…' : 'Merge into main'}
        </button>
        {rights.edit && changeRequest.status !== 'archived' && (
          <button ref={archiveButton} className="button button--danger" type="button" aria-expanded={confirming} onClick={() => setConfirming(true)}>
            Archive
          </button>
        )}
        {rights.edit && changeRequest.status === 'archived' && (
          <button className="button" type="button" disabled={pending.reopen === true} onClick={() => void changeRequests.getState().reopen()}>
            {pending.reopen ? 'Reopening…' : 'Reopen'}
          </button>
        )}
      </div>
      {blocker && (
        <p className="hint" id={reasonId}>
          {blocker}
        </p>
      )}
      <ActionError action="merge" />
      <ActionError action="reopen" />
      {confirming && (
        <ConfirmArchive
          changeRequest={changeRequest}
          onDone={(archived) => {
            setConfirming(false);
            if (!archived) archiveButton.current?.focus();
          }}
        />
      )}
      <ActionError action="archive" />
    </div>
  );
}

/** An inline confirmation: archiving takes the writer back to main, so it asks first. */
function ConfirmArchive({ changeRequest, onDone }: { changeRequest: ChangeRequest; onDone(archived: boolean): void }) {
  const { changeRequests } = useAppStores();
  const pending = useChangeRequests((state) => state.pending.archive === true);
  const cancel = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), text: useId() };
  useEffect(() => cancel.current?.focus(), []);

  return (
    <div
      className="cr-confirm"
      role="alertdialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone(false);
        }
      }}
    >
      <p id={ids.title} className="cr-confirm__title">
        Archive #{changeRequest.number}?
      </p>
      <p id={ids.text} className="hint">
        It leaves the list of open change requests and the editor goes back to main content. Its edits are kept: you can
        reopen it from “Archived &amp; merged”.
      </p>
      <div className="cr-actions__row">
        <button
          className="button button--danger"
          type="button"
          disabled={pending}
          onClick={async () => onDone(await changeRequests.getState().archive())}
        >
          {pending ? 'Archiving…' : 'Archive it'}
        </button>
        <button ref={cancel} className="button" type="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
