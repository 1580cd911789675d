import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '../ModalDialog';

interface TitleDialogProps {
  /** The dialog's title and its submit button's words ("Create", "Rename"). */
  title: string;
  action: string;
  busyAction: string;
  initialTitle?: string;
  busy: boolean;
  /** The server's refusal, in its words. */
  error?: string;
  onSubmit(title: string): void;
  onCancel(): void;
}

/** Asks for a reusable content's title: to create one, or to rename one (its slug, which includes name, stays). */
export function ReusableContentTitleDialog({ title, action, busyAction, initialTitle = '', busy, error, onSubmit, onCancel }: TitleDialogProps) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(initialTitle);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <ModalDialog title={title} onClose={onCancel} description="Reusable content is written once and shown wherever a page includes it.">
      <form className="reusable-contents__form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={inputId}>Title</label>
          <input
            id={inputId}
            data-autofocus
            type="text"
            value={value}
            maxLength={200}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        {error && (
          <p id={errorId} className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="reusable-contents__actions">
          <button className="button button--primary" type="submit" disabled={busy || !value.trim()}>
            {busy ? busyAction : action}
          </button>
          <button className="button" type="button" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

interface DeleteDialogProps {
  name: string;
  busy: boolean;
  error?: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before deleting, naming it and saying what the pages including it will show. */
export function DeleteReusableContentDialog({ name, busy, error, onConfirm, onCancel }: DeleteDialogProps) {
  return (
    <ModalDialog title={`Delete “${name}”?`} onClose={onCancel} description={`Pages that include “${name}” will show nothing where it was.`}>
      {error && (
        <p className="error-text" role="alert">
          Could not delete: {error}
        </p>
      )}
      <div className="reusable-contents__actions">
        <button className="button button--danger" type="button" disabled={busy} onClick={onConfirm}>
          {busy ? 'Deleting…' : 'Delete reusable content'}
        </button>
        {/* Deleting is the consequential choice: focus starts on keeping it. */}
        <button className="button" type="button" data-autofocus disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
