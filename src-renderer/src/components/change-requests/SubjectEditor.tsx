import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type ChangeRequest, SUBJECT_MAX_LENGTH } from './change-requests-store';
import { useAppStores } from '../stores-context';
import { useChangeRequests } from './use-change-requests';

/** The change request's subject as the panel's heading, renamed in place by those who may edit it. */
export function SubjectEditor({ changeRequest, canEdit }: { changeRequest: ChangeRequest; canEdit: boolean }) {
  const { changeRequests } = useAppStores();
  const pending = useChangeRequests((state) => state.pending.rename === true);
  const error = useChangeRequests((state) => state.errors.rename);
  const [editing, setEditing] = useState(false);
  const [subject, setSubject] = useState(changeRequest.subject);
  const renameButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId() };
  const title = changeRequest.subject || 'Untitled change request';

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    changeRequests.getState().clearError('rename');
    // Focus goes back where the writer started, once the button is back.
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subject.trim() === changeRequest.subject || (await changeRequests.getState().rename(subject))) stop();
  };

  if (!editing) {
    return (
      <div className="cr-subject">
        <h3 className="cr-subject__title">
          <span className="cr-subject__number">#{changeRequest.number}</span> {title}
        </h3>
        {canEdit && (
          <button
            ref={renameButton}
            className="button button--quiet"
            type="button"
            onClick={() => {
              setSubject(changeRequest.subject);
              setEditing(true);
            }}
          >
            Rename<span className="visually-hidden"> the change request</span>
          </button>
        )}
      </div>
    );
  }
  return (
    <form
      className="cr-subject cr-subject--editing"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          stop();
        }
      }}
      noValidate
    >
      <label className="visually-hidden" htmlFor={ids.input}>
        Subject
      </label>
      <input
        ref={input}
        id={ids.input}
        value={subject}
        maxLength={SUBJECT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => setSubject(event.target.value)}
      />
      <button className="button button--primary" type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
      </button>
      <button className="button" type="button" onClick={stop}>
        Cancel
      </button>
      {error && (
        <p className="error-text cr-subject__error" id={ids.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
