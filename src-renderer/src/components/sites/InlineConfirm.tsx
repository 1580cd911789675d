import { useEffect, useRef, useState } from 'react';

interface InlineConfirmProps {
  /** The first button's text, e.g. "Delete". */
  label: string;
  /** The accessible name of the first button, naming what it acts on ("Delete the section Guide"). */
  name: string;
  /** The confirming button's text ("Delete “Guide”"). */
  confirm: string;
  pending?: boolean;
  onConfirm(): void;
}

/** A destructive action that asks once more in place: the button becomes the confirm button and Cancel. */
export function InlineConfirm({ label, name, confirm, pending, onConfirm }: InlineConfirmProps) {
  const [asking, setAsking] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);

  useEffect(() => {
    if (asking) confirmButton.current?.focus();
    else if (returnFocus) startButton.current?.focus();
  }, [asking, returnFocus]);

  if (!asking) {
    return (
      <button ref={startButton} className="button button--quiet button--danger" type="button" aria-label={name} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="inline-confirm" role="group" aria-label={name}>
      <button ref={confirmButton} className="button button--danger" type="button" aria-disabled={pending} onClick={onConfirm}>
        {confirm}
      </button>
      <button
        className="button button--quiet"
        type="button"
        onClick={() => {
          setReturnFocus(true);
          setAsking(false);
        }}
      >
        Cancel
      </button>
    </span>
  );
}
