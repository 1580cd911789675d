import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import type { PageEditorView } from '../../editor/codemirror-setup';
import type { OpenAPITag } from '../../editor/openapi-blocks';
import type { OperationSource } from '../../editor/preview-openapi';
import { headingAnchors } from '../../../../src-shared/gitbook-markdown/headings';
import type { EditedChangeRequest } from './editor-store';
import { LockIcon } from '../Icons';
import { StatusMessage } from '../StatusMessage';
import { useCommentAnchors } from '../comments/useCommentAnchors';
import { WhoIsHere } from '../presence/WhoIsHere';
import { useAppStores, useNavigation } from '../stores-context';
import { pageTitleResolver } from '../../editor/formatting/page-titles';
import { reusableContentSource } from '../reusable-contents/reusable-content-source';
import { CodeMirrorPane } from './CodeMirrorPane';
import { EditorToolbar } from './EditorToolbar';
import { MarkdownPreview } from './MarkdownPreview';
import { PageTitle } from './PageTitle';
import { SaveStatus } from './SaveStatus';

/**
 * The open page, edited live: CodeMirror 6 bound to the page's Y.Text, saved with every keystroke, with
 * an optional preview beside it. Opens the page of `navigation` (main content or the change request's)
 * and reopens it when the page, the content or its version changes.
 */
export function PageEditor({ space }: { space: Space }) {
  const { editor, openapi, markdownSource, pageTree, reusableContents } = useAppStores();
  const tree = useStore(pageTree, (state) => state.tree);
  const showMarkdown = useStore(markdownSource, (state) => state.showMarkdown);
  const pageId = useNavigation((state) => state.pageId);
  const anchor = useNavigation((state) => state.anchor);
  const changeRequestId = useNavigation((state) => state.changeRequestId);
  const contentVersion = useNavigation((state) => state.contentVersion);
  const session = useStore(editor, (state) => state.session);
  const save = useStore(editor, (state) => state.save);
  const changeRequest = useStore(editor, (state) => state.changeRequest);
  const preview = useStore(editor, (state) => state.preview);
  const upload = useStore(editor, (state) => state.upload);
  const view = useRef<PageEditorView | null>(null);

  useEffect(() => {
    if (pageId) void editor.getState().open({ spaceId: space.id, pageId, changeRequestId }, contentVersion);
  }, [editor, space.id, pageId, changeRequestId, contentVersion]);
  useEffect(() => () => editor.getState().close(), [editor]);

  const sync = session.status === 'ready' ? session.sync : undefined;
  useEffect(() => {
    // The anchor can arrive with a new page while the previous one is still shown: wait for the new one.
    if (!sync || !anchor || sync.target.pageId !== pageId) return;
    const heading = headingAnchors(sync.text.toString()).find((h) => h.anchor === anchor);
    if (heading) view.current?.revealLine(heading.line);
  }, [sync, anchor, pageId]);
  useCommentAnchors(view, sync, space.permissions.comment);

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
  // OpenAPI blocks name a spec of the space's organization.
  const operations = useMemo<OperationSource>(() => {
    const ref = (tag: OpenAPITag) => ({ organizationId: space.organization, slug: tag.spec, path: tag.path, method: tag.method });
    return { load: (tag) => openapi.getState().operation(ref(tag)), peek: (tag) => openapi.getState().peekOperation(ref(tag)) };
  }, [openapi, space.organization]);

  const includes = useMemo(() => reusableContentSource(reusableContents), [reusableContents]);
  // Content-ref cards in the live preview are named by the page their relative link leads to.
  const pageTitle = useMemo(() => (tree && pageId ? pageTitleResolver(tree, pageId) : undefined), [tree, pageId]);

  if (session.status === 'closed' || session.status === 'loading') {
    return <StatusMessage kind="loading">Opening the page…</StatusMessage>;
  }
  if (session.status === 'error') {
    return (
      <StatusMessage kind="error" title="Could not open the page" onRetry={() => void editor.getState().retry()}>
        {session.message}
      </StatusMessage>
    );
  }

  const readOnly = readOnlyReason(space, changeRequestId, changeRequest);
  return (
    <article className="page-editor" aria-labelledby="page-editor-title">
      <header className="page-editor__header">
        <PageTitle
          pageId={session.target.pageId}
          title={save?.title ?? ''}
          emoji={save?.emoji}
          readOnly={Boolean(readOnly)}
          onDone={() => view.current?.view.focus()}
        />
        {/* A read-only page has nothing to save, unless edits made before it became read-only wait. */}
        {save && (!readOnly || save.waiting > 0) && <SaveStatus save={save} />}
        <WhoIsHere presence={session.sync.presence} />
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
        pageId={session.target.pageId}
      />
      <div className={`page-editor__panes${preview ? ' page-editor__panes--split' : ''}`}>
        <CodeMirrorPane sync={session.sync} readOnly={Boolean(readOnly)} onImages={(files) => void insertImages(files)} editorRef={view} imageUrl={imageUrl} showMarkdown={showMarkdown} pageTitle={pageTitle} reusableContents={includes} />
        {preview && <MarkdownPreview text={session.sync.text} anchor={anchor} imageUrl={imageUrl} operations={operations} includes={includes} />}
      </div>
    </article>
  );
}

/** Why the page cannot be edited here, in words, or undefined when it can. */
export function readOnlyReason(space: Space, changeRequestId: string | undefined, changeRequest: EditedChangeRequest | undefined): string | undefined {
  if (!space.permissions.edit) return 'You can read this space but not edit it: editing needs the "edit" role.';
  if (changeRequestId && changeRequest?.status === 'merged') return `Change request #${changeRequest.number} is merged: read-only.`;
  // A change request of a locked space can still be edited (the server refuses only its merge).
  if (!changeRequestId && space.editMode === 'locked') return 'This space is locked: read-only. An admin can set it back to live.';
  return undefined;
}
