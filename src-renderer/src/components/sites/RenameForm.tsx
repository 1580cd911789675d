import { type FormEvent, useId, useState } from 'react';

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

/** A one-field form in place of a title: Enter saves, Escape cancels. */
export function RenameForm({ what, initial, maxLength, placeholder, pending, onSave, onCancel }: RenameFormProps) {
  const [value, setValue] = useState(initial);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onSave(value)) onCancel();
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
      <label className="visually-hidden" htmlFor={id}>
        New name for {what}
      </label>
      <input id={id} value={value} maxLength={maxLength} placeholder={placeholder} autoComplete="off" autoFocus onChange={(e) => setValue(e.target.value)} />
      <button className="button button--primary" type="submit" aria-disabled={pending}>
        Save
      </button>
      <button className="button button--quiet" type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
