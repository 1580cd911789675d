import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import type { PageEditorView } from '../../editor/codemirror-setup';
import { LockIcon } from '../Icons';
import { WhoIsHere } from '../presence/WhoIsHere';
import { StatusMessage } from '../StatusMessage';
import { CodeMirrorPane } from '../editor/CodeMirrorPane';
import { EditorToolbar } from '../editor/EditorToolbar';
import { MarkdownPreview } from '../editor/MarkdownPreview';
import { readOnlyReason } from '../editor/PageEditor';
import { SaveStatus } from '../editor/SaveStatus';
import { useAppStores, useNavigation } from '../stores-context';
import { ReusableContentTitleDialog } from './ReusableContentDialogs';
import { reusableContentSource } from './reusable-content-source';

/**
 * A reusable content's body in the page editor: the same CodeMirror editor bound to its Y.Text through the same
 * live sync (content.body / content.pushBody take a reusable content's id as a page's), headed by its title and
 * a word on what it is. Opened by `navigation.reusableContentId`, on main content or the change request's.
 */
export function ReusableContentEditor({ space, reusableContentId }: { space: Space; reusableContentId: string }) {
  const { editor, markdownSource, reusableContents } = useAppStores();
  const changeRequestId = useNavigation((state) => state.changeRequestId);
  const contentVersion = useNavigation((state) => state.contentVersion);
  const session = useStore(editor, (state) => state.session);
  const save = useStore(editor, (state) => state.save);
  const changeRequest = useStore(editor, (state) => state.changeRequest);
  const preview = useStore(editor, (state) => state.preview);
  const upload = useStore(editor, (state) => state.upload);
  const showMarkdown = useStore(markdownSource, (state) => state.showMarkdown);
  const listed = useStore(reusableContents, (state) => state.items.find((item) => item.id === reusableContentId));
  const renaming = useStore(reusableContents, (state) => state.pending[`rename:${reusableContentId}`] === true);
  const renameError = useStore(reusableContents, (state) => state.errors[`rename:${reusableContentId}`]);
  const [askingTitle, setAskingTitle] = useState(false);
  const view = useRef<PageEditorView | null>(null);
  const includes = useMemo(() => reusableContentSource(reusableContents), [reusableContents]);

  useEffect(() => {
    // The body sync addresses a body by its owner's id: this reusable content's.
    void editor.getState().open({ spaceId: space.id, pageId: reusableContentId, changeRequestId }, contentVersion);
  }, [editor, space.id, reusableContentId, changeRequestId, contentVersion]);
  useEffect(() => () => editor.getState().close(), [editor]);

  const sync = session.status === 'ready' && session.target.pageId === reusableContentId ? session.sync : undefined;
  useEffect(() => {
    if (!sync) return;
    // The pages including it show its markdown as fetched: once these edits are saved, they fetch it again.
    return () => {
      reusableContents.getState().forgetMarkdown(reusableContentId);
      void sync.flush().then(() => reusableContents.getState().forgetMarkdown(reusableContentId));
    };
  }, [sync, reusableContents, reusableContentId]);

  const insertImages = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const markdown = await editor.getState().uploadImage({ name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
        if (!markdown) return;
        view.current?.insert(files.length > 1 ? `${markdown}\n` : markdown);
      }
    },
    [editor],
  );
  const attachFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const markdown = await editor.getState().uploadFile({ name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
        if (!markdown) return;
        view.current?.insert(`${markdown}\n`);
      }
    },
    [editor],
  );
  const imageUrl = useCallback((name: string) => editor.getState().imageUrl(name), [editor]);

  if (session.status === 'error') {
    return (
      <StatusMessage kind="error" title="Could not open the reusable content" onRetry={() => void editor.getState().retry()}>
        {session.message}
      </StatusMessage>
    );
  }
  if (!sync) return <StatusMessage kind="loading">Opening the reusable content…</StatusMessage>;

  const readOnly = readOnlyReason(space, changeRequestId, changeRequest);
  // The list answers a rename at once; the body's poll answers one made elsewhere.
  const title = listed?.title ?? save?.title ?? '';
  return (
    <article className="page-editor reusable-content-editor" aria-labelledby="reusable-content-title" aria-describedby="reusable-content-about">
      <header className="page-editor__header">
        <div className="reusable-content-editor__heading">
          <p className="reusable-content-editor__kind">Reusable content</p>
          <h1 id="reusable-content-title" className="page-editor__title">
            {title || 'Untitled reusable content'}
          </h1>
          <p id="reusable-content-about" className="hint">
            Used wherever it is included: what you write here shows in every page that includes it
            {listed ? ` (as .gitbook/includes/${listed.slug}.md)` : ''}.
          </p>
        </div>
        {!readOnly && (
          <button className="button button--quiet" type="button" onClick={() => setAskingTitle(true)}>
            Rename
          </button>
        )}
        {save && (!readOnly || save.waiting > 0) && <SaveStatus save={save} />}
        <WhoIsHere presence={sync.presence} />
      </header>
      {readOnly && (
        <div className="callout callout--locked page-editor__banner">
          <LockIcon size={16} />
          <p>{readOnly}</p>
        </div>
      )}
      <EditorToolbar
        readOnly={Boolean(readOnly)}
        preview={preview}
        upload={upload}
        onTogglePreview={() => editor.getState().togglePreview()}
        onImages={(files) => void insertImages(files)}
        onFiles={(files) => void attachFiles(files)}
        editor={view}
        pageId={reusableContentId}
      />
      <div className={`page-editor__panes${preview ? ' page-editor__panes--split' : ''}`}>
        <CodeMirrorPane
          sync={sync}
          readOnly={Boolean(readOnly)}
          onImages={(files) => void insertImages(files)}
          editorRef={view}
          imageUrl={imageUrl}
          showMarkdown={showMarkdown}
          reusableContents={includes}
          contentLabel="Reusable content body"
        />
        {preview && <MarkdownPreview text={sync.text} imageUrl={imageUrl} includes={includes} />}
      </div>
      {askingTitle && (
        <ReusableContentTitleDialog
          title={`Rename “${title}”`}
          action="Rename"
          busyAction="Renaming…"
          initialTitle={title}
          busy={renaming}
          error={renameError}
          onSubmit={(next) =>
            void reusableContents
              .getState()
              .rename(reusableContentId, next)
              .then((done) => done && setAskingTitle(false))
          }
          onCancel={() => {
            reusableContents.getState().clearError(`rename:${reusableContentId}`);
            setAskingTitle(false);
          }}
        />
      )}
    </article>
  );
}
