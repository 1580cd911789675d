import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cycleFocus, firstFocusable } from './focus-trap';

interface ModalDialogProps {
  title: string;
  /** One sentence under the title, read with it by screen readers. */
  description?: ReactNode;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal over the window (Settings, Import): focus moves into it, Tab cycles inside it, Escape or a click
 * on the backdrop closes it, and focus returns where it was when it closes.
 */
export function ModalDialog({ title, description, onClose, children, className }: ModalDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Read during the first render, before focus moves into the dialog: where it goes back to.
  const [previousFocus] = useState(() => document.activeElement as HTMLElement | null);
  // The latest onClose, for the document's key listener (registered once).
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    (firstFocusable(dialog.current) ?? dialog.current)?.focus();
    // On the document, not the dialog: keys still work when focus fell to the body (a focused button got disabled).
    const onKeyDown = (event: KeyboardEvent) => trapKeys(event, dialog.current, () => close.current());
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previousFocus?.isConnected) previousFocus.focus();
    };
  }, [previousFocus]);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button className="button button--quiet modal__close" type="button" aria-label={`Close ${title}`} onClick={onClose}>
            ×
          </button>
        </header>
        {description && (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        )}
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}

/** Escape closes; Tab and Shift+Tab cycle through the dialog's own controls. */
function trapKeys(event: KeyboardEvent, dialog: HTMLElement | null, close: () => void): void {
  if (!dialog) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    close();
    return;
  }
  cycleFocus(event, dialog);
}
