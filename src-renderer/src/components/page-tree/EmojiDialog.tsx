import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { TreePage } from './tree-data';

/** A few common choices; any emoji can be typed or pasted in the field. */
const SUGGESTIONS = ['📄', '📘', '🚀', '💡', '⚙️', '❓', '✅', '📌', '🧭', '🔒'];
/** The API's emoji limit (src-shared/schemas/content.ts). */
const EMOJI_MAX_LENGTH = 50;

interface EmojiDialogProps {
  page: TreePage;
  anchor: DOMRect;
  onSave(emoji: string | null): void;
  onClose(): void;
}

/** Picks a page's emoji: a small dialog that keeps focus inside until it closes (Escape cancels). */
export function EmojiDialog({ page, anchor, onSave, onClose }: EmojiDialogProps) {
  const dialog = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(page.emoji ?? '');

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim() || null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays in the dialog: Tab from the last control goes to the first, and back.
    const controls = [...(dialog.current?.querySelectorAll<HTMLElement>('input, button') ?? [])];
    const first = controls[0];
    const last = controls.at(-1);
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    }
  };

  return (
    <form
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby="page-emoji-title"
      className="page-tree__emoji"
      style={{ top: Math.max(8, Math.min(anchor.bottom + 4, window.innerHeight - 240)), left: Math.max(8, Math.min(anchor.left, window.innerWidth - 280)) }}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <p id="page-emoji-title" className="page-tree__emoji-title">
        Emoji of “{page.title}”
      </p>
      <label htmlFor="page-emoji-input">Emoji</label>
      <input
        ref={input}
        id="page-emoji-input"
        value={value}
        maxLength={EMOJI_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="page-tree__emoji-choices" role="group" aria-label="Suggestions">
        {SUGGESTIONS.map((emoji) => (
          <button key={emoji} type="button" className="icon-button" aria-label={`Use ${emoji}`} onClick={() => setValue(emoji)}>
            {emoji}
          </button>
        ))}
      </div>
      <div className="page-tree__emoji-actions">
        <button type="submit" className="button button--primary">
          Save
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
