import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { SUBJECT_MAX_LENGTH } from './change-requests-store';
import { useAppStores } from '../stores-context';
import { useChangeRequests } from './use-change-requests';

/**
 * The small form that opens a change request: a subject, then the editor switches to it. Escape or Cancel
 * closes it (the caller puts focus back on the button that opened it).
 */
export function NewChangeRequestForm({ onClose }: { onClose(created: boolean): void }) {
  const { changeRequests } = useAppStores();
  const pending = useChangeRequests((state) => state.pending.create === true);
  const error = useChangeRequests((state) => state.errors.create);
  const [subject, setSubject] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), subject: useId(), hint: useId(), error: useId() };

  useEffect(() => {
    input.current?.focus();
    return () => changeRequests.getState().clearError('create');
  }, [changeRequests]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await changeRequests.getState().create(subject)) onClose(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose(false);
  };

  return (
    <form className="cr-popover cr-new" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <h2 id={ids.heading} className="cr-popover__title">
        New change request
      </h2>
      <p className="hint" id={ids.hint}>
        Your edits stay in the change request until it is merged into main content.
      </p>
      <div className="field">
        <label htmlFor={ids.subject}>Subject</label>
        <input
          ref={input}
          id={ids.subject}
          value={subject}
          maxLength={SUBJECT_MAX_LENGTH}
          placeholder="e.g. Fix the install guide"
          autoComplete="off"
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setSubject(event.target.value);
            changeRequests.getState().clearError('create');
          }}
        />
        <span className="hint cr-new__count" aria-hidden="true">
          {subject.length}/{SUBJECT_MAX_LENGTH}
        </span>
      </div>
      {error && (
        <p className="error-text" id={ids.error} role="alert">
          {error}
        </p>
      )}
      <div className="cr-popover__actions">
        <button className="button button--primary" type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create and switch'}
        </button>
        <button className="button" type="button" onClick={() => onClose(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
