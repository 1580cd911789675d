import { type ChangeEvent, useRef } from 'react';
import type { UploadState } from '../../stores/editor-store';

interface EditorToolbarProps {
  readOnly: boolean;
  preview: boolean;
  upload: UploadState;
  onTogglePreview(): void;
  onImages(files: File[]): void;
}

/** Inserting an image from disk, the preview toggle, and how the last upload went. */
export function EditorToolbar({ readOnly, preview, upload, onTogglePreview, onImages }: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same file again must fire again
    if (files.length > 0) onImages(files);
  };

  return (
    <div className="page-editor__toolbar">
      {!readOnly && (
        <>
          <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Image file to insert" onChange={onFileChosen} />
          <button className="button button--quiet" type="button" onClick={() => fileInput.current?.click()} disabled={upload.status === 'uploading'}>
            Insert image
          </button>
        </>
      )}
      <button className={`button button--quiet${preview ? ' button--active' : ''}`} type="button" aria-pressed={preview} onClick={onTogglePreview}>
        Preview
      </button>
      <UploadStatus upload={upload} />
    </div>
  );
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
