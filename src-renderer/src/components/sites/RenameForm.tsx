import { type FormEvent, type ReactNode, useId, useState } from 'react';

interface InlineFormProps {
  /** The submit button's words ("Save", "Move"). */
  submitLabel: string;
  pending?: boolean;
  /** Resolves to whether it was done: the form closes then. */
  onSubmit(): Promise<boolean>;
  onCancel(): void;
  /** The form's one labelled field. */
  children: ReactNode;
}

/** A one-field form shown in place of a row's title: Enter submits, Escape cancels. */
export function InlineForm({ submitLabel, pending, onSubmit, onCancel, children }: InlineFormProps) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onSubmit()) onCancel();
  };

  return (
    <form
      className="rename-inline"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
      noValidate
    >
      {children}
      <button className="button button--primary" type="submit" aria-disabled={pending}>
        {submitLabel}
      </button>
      <button className="button button--quiet" type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

interface RenameFormProps {
  /** What is renamed, for the field's label ("the section Guide"). */
  what: string;
  initial: string;
  maxLength: number;
  placeholder?: string;
  pending?: boolean;
  /** Resolves to whether it was saved: the form closes then. */
  onSave(value: string): Promise<boolean>;
  onCancel(): void;
}

/** A new name in place of a title. */
export function RenameForm({ what, initial, maxLength, placeholder, pending, onSave, onCancel }: RenameFormProps) {
  const [value, setValue] = useState(initial);
  const id = useId();
  return (
    <InlineForm submitLabel="Save" pending={pending} onSubmit={() => onSave(value)} onCancel={onCancel}>
      <label className="visually-hidden" htmlFor={id}>
        New name for {what}
      </label>
      <input id={id} value={value} maxLength={maxLength} placeholder={placeholder} autoComplete="off" autoFocus onChange={(e) => setValue(e.target.value)} />
    </InlineForm>
  );
}
