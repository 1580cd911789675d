import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';

interface CommentComposerProps {
  label: string;
  /** Shown as the label when true; otherwise the label is for screen readers only (the context says it). */
  showLabel?: boolean;
  submitLabel: string;
  initial?: string;
  placeholder?: string;
  pending: boolean;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Resolves true when the words were saved: the field then empties (or closes, for an edit). */
  onSubmit(markdown: string): Promise<boolean>;
  onCancel?(): void;
}

/** A textarea with Send (Ctrl/Cmd-Enter sends; Escape cancels when there is something to cancel). */
export function CommentComposer(props: CommentComposerProps) {
  const id = useId();
  const [text, setText] = useState(props.initial ?? '');
  const empty = text.trim().length === 0;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || props.pending || props.disabled) return;
    if (await props.onSubmit(text.trim())) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && props.onCancel) {
      event.preventDefault();
      props.onCancel();
    }
  };

  return (
    <form className="comment-composer" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className={props.showLabel ? 'comment-composer__label' : 'visually-hidden'}>
        {props.label}
      </label>
      <textarea
        id={id}
        className="comment-composer__input"
        value={text}
        placeholder={props.placeholder}
        rows={props.initial ? 4 : 3}
        disabled={props.disabled}
        // Focus follows the writer's intent: a Reply or Edit click opens this field to type in.
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {props.error && (
        <p id={`${id}-error`} className="error-text" role="alert">
          {props.error}
        </p>
      )}
      <div className="comment-composer__actions">
        <span className="hint">Ctrl+Enter to send</span>
        {props.onCancel && (
          <button className="button button--quiet" type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        <button className="button button--primary" type="submit" disabled={empty || props.pending || props.disabled}>
          {props.pending ? 'Sending…' : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
