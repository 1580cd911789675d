import { type RefObject, useEffect, useState } from 'react';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import type { PageEditorView } from '../../editor/codemirror-setup';
import { type ActiveFormats, activeFormatsAt, NO_FORMATS } from '../../editor/formatting/active-formats';
import { insertBlock } from '../../editor/formatting/insert-block';
import { toggleInlineMark } from '../../editor/formatting/inline-marks';
import { setHeading, toggleList, toggleQuote } from '../../editor/formatting/line-formats';
import { FORMATTING_UPDATE_EVENT } from '../../editor/formatting/requests';

interface FormattingButton {
  /** The accessible name: what tests and screen readers find it by. */
  name: string;
  /** What shows on the button (the name is its tooltip). */
  glyph: string;
  shortcut?: string;
  command?: (state: EditorState) => TransactionSpec;
  pressed?: (formats: ActiveFormats) => boolean;
  /** Buttons that open something instead of editing. */
  action?: 'link' | 'image';
  className?: string;
}

const BUTTONS: FormattingButton[][] = [
  [
    { name: 'Bold', glyph: 'B', shortcut: 'Ctrl+B', command: (s) => toggleInlineMark(s, 'bold'), pressed: (f) => f.bold, className: 'format-button--bold' },
    { name: 'Italic', glyph: 'I', shortcut: 'Ctrl+I', command: (s) => toggleInlineMark(s, 'italic'), pressed: (f) => f.italic, className: 'format-button--italic' },
    { name: 'Strikethrough', glyph: 'S', shortcut: 'Ctrl+Shift+X', command: (s) => toggleInlineMark(s, 'strikethrough'), pressed: (f) => f.strikethrough, className: 'format-button--strike' },
    { name: 'Code', glyph: '</>', shortcut: 'Ctrl+E', command: (s) => toggleInlineMark(s, 'code'), pressed: (f) => f.code },
    { name: 'Link', glyph: 'Link', shortcut: 'Ctrl+K', action: 'link', pressed: (f) => f.link },
  ],
  [
    { name: 'Heading 1', glyph: 'H1', shortcut: 'Alt+1', command: (s) => setHeading(s, 1), pressed: (f) => f.heading === 1 },
    { name: 'Heading 2', glyph: 'H2', shortcut: 'Alt+2', command: (s) => setHeading(s, 2), pressed: (f) => f.heading === 2 },
    { name: 'Heading 3', glyph: 'H3', shortcut: 'Alt+3', command: (s) => setHeading(s, 3), pressed: (f) => f.heading === 3 },
  ],
  [
    { name: 'Bulleted list', glyph: '•', command: (s) => toggleList(s, 'bullet'), pressed: (f) => f.bulletedList },
    { name: 'Numbered list', glyph: '1.', command: (s) => toggleList(s, 'numbered'), pressed: (f) => f.numberedList },
    { name: 'Task list', glyph: '☐', command: (s) => toggleList(s, 'task'), pressed: (f) => f.taskList },
    { name: 'Quote', glyph: '❝', command: toggleQuote, pressed: (f) => f.quote },
  ],
  [
    { name: 'Code block', glyph: '{ }', command: (s) => insertBlock(s, 'code'), pressed: (f) => f.codeBlock },
    { name: 'Table', glyph: '▦', command: (s) => insertBlock(s, 'table') },
    { name: 'Image', glyph: 'Image', action: 'image' },
    { name: 'Hint', glyph: 'Hint', command: (s) => insertBlock(s, 'hint') },
  ],
];

interface FormattingButtonsProps {
  editor: RefObject<PageEditorView | null>;
  onLink(): void;
  onImage(): void;
  imageDisabled: boolean;
}

/**
 * The formatting toolbar: each button is one edit of the markdown at the selection, then focus goes back
 * to the text. Buttons show as pressed where the cursor already has that format.
 */
export function FormattingButtons({ editor, onLink, onImage, imageDisabled }: FormattingButtonsProps) {
  const formats = useActiveFormats(editor);
  const press = (button: FormattingButton) => {
    const view = editor.current?.view;
    if (!view || view.state.readOnly) return;
    if (button.action === 'link') return onLink();
    if (button.action === 'image') return onImage();
    view.dispatch(button.command!(view.state));
    view.focus();
  };
  return (
    <div className="format-toolbar" role="toolbar" aria-label="Formatting">
      {BUTTONS.map((group, index) => (
        <div key={index} className="format-toolbar__group">
          {group.map((button) => {
            const pressed = button.pressed?.(formats);
            return (
              <button
                key={button.name}
                className={`format-button${pressed ? ' format-button--active' : ''}${button.className ? ` ${button.className}` : ''}`}
                type="button"
                aria-label={button.name}
                aria-pressed={button.pressed ? pressed : undefined}
                title={button.shortcut ? `${button.name} (${button.shortcut})` : button.name}
                disabled={button.action === 'image' && imageDisabled}
                // Keeps the editor's selection: the button acts on it without taking focus first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => press(button)}
              >
                {button.glyph}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The formats at the cursor, following the editor's updates (it announces them, see requests.ts). */
function useActiveFormats(editor: RefObject<PageEditorView | null>): ActiveFormats {
  const [formats, setFormats] = useState(NO_FORMATS);
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const view = editor.current?.view;
      if (!view || event.target !== view.dom) return;
      const next = activeFormatsAt(view.state);
      setFormats((current) => (sameFormats(current, next) ? current : next));
    };
    document.addEventListener(FORMATTING_UPDATE_EVENT, onUpdate);
    return () => document.removeEventListener(FORMATTING_UPDATE_EVENT, onUpdate);
  }, [editor]);
  return formats;
}

const sameFormats = (a: ActiveFormats, b: ActiveFormats) => (Object.keys(a) as Array<keyof ActiveFormats>).every((key) => a[key] === b[key]);
