import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { emojiGlyph } from '../../../../src-shared/emoji';
import { PAGE_TITLE_MAX_LENGTH } from '../page-tree/page-tree-store';
import { useAppStores } from '../stores-context';

interface PageTitleProps {
  pageId: string;
  /** The title as the server last answered it (the editor's poll). */
  title: string;
  emoji?: string;
  readOnly: boolean;
  /** Enter in the title: the writer goes on to the body. */
  onDone(): void;
}

/**
 * The page's title above its body, edited where it is shown. A rename goes through the page tree's store
 * (the same tRPC procedure as the tree's own rename), so the tree follows at once; it is saved when the
 * writer leaves the field or presses Enter, not per keystroke (each save is a revision of the space).
 */
export function PageTitle({ pageId, title, emoji, readOnly, onDone }: PageTitleProps) {
  const { pageTree } = useAppStores();
  const focusTitleId = useStore(pageTree, (state) => state.focusTitleId);
  const renameError = useStore(pageTree, (state) => state.errors.rename);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  // What this field last saved: shown until the editor's poll reports it (about a second later).
  const [saved, setSaved] = useState<string>();
  const [problem, setProblem] = useState<string>();
  // Enter saves and moves focus to the body, whose blur would save the same title again before React re-renders.
  const lastSaved = useRef<string>(undefined);

  useEffect(() => {
    setSaved(undefined);
    setProblem(undefined);
    lastSaved.current = undefined;
  }, [pageId]);
  useEffect(() => {
    if (saved !== undefined && title === saved) setSaved(undefined);
  }, [title, saved]);

  const current = saved ?? title;
  const shown = editing ? draft : current;

  // A page just created opens with "Untitled" selected, so typing replaces it.
  useEffect(() => {
    if (readOnly || focusTitleId !== pageId || !input.current) return;
    input.current.focus();
    input.current.select();
    pageTree.getState().titleFocused();
  }, [focusTitleId, pageId, readOnly, pageTree]);

  const commit = async (value: string) => {
    const next = value.trim();
    if (!next || next === current || next === lastSaved.current) return true;
    lastSaved.current = next;
    setSaved(next);
    const done = await pageTree.getState().rename(pageId, next, { fromEditor: true });
    if (!done) {
      lastSaved.current = undefined;
      setSaved(undefined);
      setProblem(pageTree.getState().errors.rename ?? renameError ?? 'The title was not saved.');
    }
    return done;
  };

  if (readOnly) {
    return (
      <h1 id="page-editor-title" className="page-editor__title">
        {emoji && <span className="page-editor__emoji">{emojiGlyph(emoji)} </span>}
        {title || 'Untitled page'}
      </h1>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!draft.trim()) return setProblem('Give the page a title.');
      void commit(draft);
      onDone();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(current);
      setProblem(undefined);
    }
  };

  return (
    <div className="page-title">
      {/* The heading is named by the title itself, so the page reads as a heading; the field inside is "Page title". */}
      <h1 id="page-editor-title" className="page-editor__title page-title__heading" aria-label={shown || 'Untitled page'}>
        {emoji && <span className="page-editor__emoji">{emojiGlyph(emoji)} </span>}
        <input
          ref={input}
          className="page-title__input"
          aria-label="Page title"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          value={shown}
          placeholder="Untitled page"
          maxLength={PAGE_TITLE_MAX_LENGTH}
          autoComplete="off"
          spellCheck
          onFocus={() => {
            setDraft(current);
            setEditing(true);
          }}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          onBlur={() => {
            setEditing(false);
            // Leaving an empty title keeps the old one, as the tree's rename does.
            if (draft.trim()) void commit(draft);
            else setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
        />
      </h1>
      {problem && (
        <p className="error-text page-title__error" id={errorId} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
