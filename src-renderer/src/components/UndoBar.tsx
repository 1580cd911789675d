import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './Icons';

interface UndoBarProps {
  /** Changes when something else is deleted: focus moves to Undo again. */
  deletedId: string;
  /** What was deleted, in words. */
  children: ReactNode;
  restoring: boolean;
  error?: string;
  onUndo(): void;
  onDismiss(): void;
  className: string;
  bodyClassName: string;
}

/**
 * After something is deleted: says so and offers Undo until used or dismissed (no timeout to race). Focus
 * moves to Undo, because the control that deleted it is gone.
 */
export function UndoBar({ deletedId, children, restoring, error, onUndo, onDismiss, className, bodyClassName }: UndoBarProps) {
  const undoButton = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useEffect(() => {
    undoButton.current?.focus();
  }, [deletedId]);

  return (
    <div className={className} role="group" aria-labelledby={textId}>
      <div className={bodyClassName}>
        <p id={textId}>{children}</p>
        {error && (
          <p className="error-text" role="alert">
            Could not restore it: {error}
          </p>
        )}
      </div>
      <button ref={undoButton} className="button button--primary" type="button" onClick={onUndo} disabled={restoring}>
        {restoring ? 'Restoring…' : 'Undo'}
      </button>
      <button className="icon-button" type="button" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}
