import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { PageEditorView } from '../../editor/codemirror-setup';
import { FORMATTING_REQUEST_EVENT, type FormattingRequest } from '../../editor/formatting/requests';
import type { UploadState } from './editor-store';
import { useStore } from 'zustand';
import { InsertReusableContent } from '../reusable-contents/InsertReusableContent';
import { useAppStores } from '../stores-context';
import { FormattingButtons } from './FormattingButtons';
import { LinkPicker } from './LinkPicker';

interface EditorToolbarProps {
  readOnly: boolean;
  preview: boolean;
  upload: UploadState;
  onTogglePreview(): void;
  onImages(files: File[]): void;
  /** Files of any type to attach as GitBook file blocks (the `/` menu's File). */
  onFiles(files: File[]): void;
  /** The live editor the formatting buttons edit. */
  editor: RefObject<PageEditorView | null>;
  /** The open page: links to other pages are written relative to it. */
  pageId: string;
}

/** Formatting, inserting an image from disk, the link picker, the preview and markdown toggles, and how the last upload went. */
export function EditorToolbar({ readOnly, preview, upload, onTogglePreview, onImages, onFiles, editor, pageId }: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const attachInput = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState(false);
  const { markdownSource } = useAppStores();
  const showMarkdown = useStore(markdownSource, (state) => state.showMarkdown);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => onFilesChosen(event, onImages);

  // Ctrl/Cmd-K and the `/` menu's Image ask from inside the editor (editor/formatting/requests.ts).
  useEffect(() => {
    const onRequest = (event: Event) => {
      if (event.target !== editor.current?.view.dom) return;
      const request = (event as CustomEvent<FormattingRequest>).detail;
      if (request === 'link') setLinking(true);
      else if (request === 'image') fileInput.current?.click();
      else if (request === 'file') attachInput.current?.click();
    };
    document.addEventListener(FORMATTING_REQUEST_EVENT, onRequest);
    return () => document.removeEventListener(FORMATTING_REQUEST_EVENT, onRequest);
  }, [editor]);

  return (
    <div className="page-editor__toolbar">
      {!readOnly && (
        <>
          <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Image file to insert" onChange={onFileChosen} />
          <input ref={attachInput} type="file" hidden aria-label="File to attach" onChange={(event) => onFilesChosen(event, onFiles)} />
          <FormattingButtons
            editor={editor}
            onLink={() => setLinking(true)}
            onImage={() => fileInput.current?.click()}
            imageDisabled={upload.status === 'uploading'}
          />
          <InsertReusableContent editor={editor} />
        </>
      )}
      <button className={`button button--quiet${preview ? ' button--active' : ''}`} type="button" aria-pressed={preview} onClick={onTogglePreview}>
        Preview
      </button>
      <button
        className={`button button--quiet${showMarkdown ? ' button--active' : ''}`}
        type="button"
        aria-pressed={showMarkdown}
        title="Show the page's markdown as stored, instead of formatted"
        onClick={() => markdownSource.getState().toggle()}
      >
        Show markdown
      </button>
      <UploadStatus upload={upload} />
      {linking && !readOnly && editor.current && <LinkPicker editor={editor.current} pageId={pageId} onClose={() => setLinking(false)} />}
    </div>
  );
}

function onFilesChosen(event: ChangeEvent<HTMLInputElement>, use: (files: File[]) => void) {
  const files = [...(event.target.files ?? [])];
  event.target.value = ''; // choosing the same file again must fire again
  if (files.length > 0) use(files);
}

function UploadStatus({ upload }: { upload: UploadState }) {
  if (upload.status === 'error') {
    return (
      <p className="error-text page-editor__upload" role="alert">
        {upload.message}
      </p>
    );
  }
  return (
    <p className="hint page-editor__upload" role="status">
      {upload.status === 'uploading' ? 'Uploading image…' : upload.status === 'done' ? `Inserted ${upload.name}` : ''}
    </p>
  );
}
