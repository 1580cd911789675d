import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { formatDate } from '../../format';
import { type ListFilter, nameOf } from './change-requests-store';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { useChangeRequests } from './use-change-requests';

const FILTERS: Array<{ filter: ListFilter; label: string }> = [
  { filter: 'archived', label: 'Archived' },
  { filter: 'merged', label: 'Merged' },
];

/** Archived and merged change requests, to look at what they changed or reopen an archived one. */
export function FinishedChangeRequests({ onClose }: { onClose(): void }) {
  const { changeRequests, navigation } = useAppStores();
  const filter = useChangeRequests((state) => state.filter);
  const finished = useChangeRequests((state) => state.finished);
  const heading = useId();
  const group = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    void changeRequests.getState().showFinished(changeRequests.getState().filter);
  }, [changeRequests]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  return (
    <section className="cr-popover cr-finished" aria-labelledby={heading} onKeyDown={onKeyDown}>
      <h2 id={heading} className="cr-popover__title">
        Finished change requests
      </h2>
      <fieldset className="cr-filter" ref={group}>
        <legend className="visually-hidden">Show</legend>
        {FILTERS.map(({ filter: value, label }) => (
          <label key={value} className={`cr-filter__option${filter === value ? ' cr-filter__option--on' : ''}`}>
            <input type="radio" name="cr-filter" value={value} checked={filter === value} onChange={() => void changeRequests.getState().showFinished(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {finished.status === 'loading' || finished.status === 'idle' ? (
        <StatusMessage kind="loading">Loading change requests…</StatusMessage>
      ) : finished.status === 'error' ? (
        <StatusMessage kind="error" title="Could not load the change requests" onRetry={() => void changeRequests.getState().showFinished(filter)}>
          {finished.message}
        </StatusMessage>
      ) : finished.items.length === 0 ? (
        <StatusMessage kind="empty">{filter === 'archived' ? 'No archived change requests.' : 'No change request has been merged yet.'}</StatusMessage>
      ) : (
        <ul className="cr-finished__list">
          {finished.items.map((cr) => (
            <li key={cr.id}>
              <button
                className="button button--quiet cr-finished__item"
                type="button"
                onClick={() => {
                  navigation.getState().openChangeRequest(cr.id);
                  onClose();
                }}
              >
                <span className="cr-finished__name">{nameOf(cr)}</span>
                <span className="hint">updated {formatDate(cr.updatedAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="cr-popover__actions">
        <button className="button" type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
