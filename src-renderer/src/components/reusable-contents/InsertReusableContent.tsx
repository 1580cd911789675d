import { type RefObject, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { PageEditorView } from '../../editor/codemirror-setup';
import { insertBlockLine } from '../../editor/formatting/insert-include';
import { FORMATTING_REQUEST_EVENT, type FormattingRequest } from '../../editor/formatting/requests';
import { includeLine } from '../../editor/live-preview/includes';
import { ModalDialog } from '../ModalDialog';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import type { ReusableContentSummary } from './reusable-contents-store';

/**
 * The toolbar's "Insert reusable content" (and the `/` menu's Reusable content): picks one of the space's reusable
 * contents and places its include line (`{% include ".gitbook/includes/<slug>.md" %}`) as a block of its own at the cursor.
 */
export function InsertReusableContent({ editor }: { editor: RefObject<PageEditorView | null> }) {
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    const onRequest = (event: Event) => {
      if (event.target === editor.current?.view.dom && (event as CustomEvent<FormattingRequest>).detail === 'reusable-content') setPicking(true);
    };
    document.addEventListener(FORMATTING_REQUEST_EVENT, onRequest);
    return () => document.removeEventListener(FORMATTING_REQUEST_EVENT, onRequest);
  }, [editor]);
  return (
    <>
      <button className="button button--quiet" type="button" aria-haspopup="dialog" onClick={() => setPicking(true)}>
        Insert reusable content
      </button>
      {picking && <ReusableContentPicker editor={editor} onClose={() => setPicking(false)} />}
    </>
  );
}

function ReusableContentPicker({ editor, onClose }: { editor: RefObject<PageEditorView | null>; onClose(): void }) {
  const { reusableContents: store } = useAppStores();
  const load = useStore(store, (state) => state.load);
  const items = useStore(store, (state) => state.items);
  // The reusable content being edited cannot show inside itself.
  const editing = useNavigation((state) => state.reusableContentId);
  const choices = items.filter((item) => item.id !== editing);
  useEffect(() => {
    void store.getState().reload();
  }, [store]);

  const choose = (item: ReusableContentSummary) => {
    const view = editor.current?.view;
    onClose();
    if (!view || view.state.readOnly) return;
    view.dispatch(insertBlockLine(view.state, includeLine(item.slug)));
    // After the dialog has closed and given focus back to the button that opened it.
    setTimeout(() => view.focus());
  };

  return (
    <ModalDialog title="Insert reusable content" description="It shows where the cursor is, as it reads wherever it is included." onClose={onClose}>
      {load.status === 'error' ? (
        <StatusMessage kind="error" title="Could not load reusable content" onRetry={() => void store.getState().reload()}>
          {load.message}
        </StatusMessage>
      ) : load.status !== 'ready' && items.length === 0 ? (
        <StatusMessage kind="loading">Loading reusable content…</StatusMessage>
      ) : choices.length === 0 ? (
        <p className="hint">No reusable content to insert yet: create one under “Reusable content” beside the pages.</p>
      ) : (
        <ul className="reusable-contents__choices" aria-label="Reusable content to insert">
          {choices.map((item) => (
            <li key={item.id}>
              <button className="reusable-contents__choice" type="button" onClick={() => choose(item)}>
                {item.title}
                <span className="hint reusable-contents__slug"> .gitbook/includes/{item.slug}.md</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
