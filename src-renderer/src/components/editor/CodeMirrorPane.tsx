import { type RefObject, useEffect, useRef } from 'react';
import { createPageEditorView, type PageEditorView } from '../../editor/codemirror-setup';
import type { ReusableContentSource } from '../../editor/live-preview/includes';
import type { PageSync } from '../../editor/page-sync';

interface CodeMirrorPaneProps {
  sync: PageSync;
  readOnly: boolean;
  onImages(files: File[]): void;
  /** Filled with the live editor, for inserting images and revealing headings. */
  editorRef: RefObject<PageEditorView | null>;
  /** A blob: URL for a file of the space, for the images the live preview shows. */
  imageUrl?(name: string): Promise<string | undefined>;
  /** The title of the page a relative `.md` link names (content-ref cards in the live preview). */
  pageTitle?(path: string): string | undefined;
  /** The markdown as stored instead of the live preview. */
  showMarkdown?: boolean;
  /** What include lines show in the live preview (the space's reusable contents); read when the view is made. */
  reusableContents?: ReusableContentSource;
  /** The editor's accessible name when it is not a page's body ("Page content"). */
  contentLabel?: string;
}

/** The CodeMirror editor of the open page: created for its sync, destroyed with it. */
export function CodeMirrorPane({ sync, readOnly, onImages, editorRef, imageUrl, pageTitle, showMarkdown = false, reusableContents, contentLabel }: CodeMirrorPaneProps) {
  const host = useRef<HTMLDivElement>(null);
  // The view lives as long as the sync; the latest props are read through refs, not by recreating it.
  const onImagesRef = useRef(onImages);
  onImagesRef.current = onImages;
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;
  const imageUrlRef = useRef(imageUrl);
  imageUrlRef.current = imageUrl;
  const pageTitleRef = useRef(pageTitle);
  pageTitleRef.current = pageTitle;
  const showMarkdownRef = useRef(showMarkdown);
  showMarkdownRef.current = showMarkdown;
  const contentLabelRef = useRef(contentLabel);
  contentLabelRef.current = contentLabel;
  const reusableContentsRef = useRef(reusableContents);
  reusableContentsRef.current = reusableContents;

  useEffect(() => {
    const editor = createPageEditorView({
      parent: host.current!,
      text: sync.text,
      readOnly: readOnlyRef.current,
      onImages: (files) => onImagesRef.current(files),
      livePreview: {
        imageUrl: (name) => imageUrlRef.current?.(name) ?? Promise.resolve(undefined),
        pageTitle: (path) => pageTitleRef.current?.(path),
        reusableContents: reusableContentsRef.current,
      },
      showMarkdown: showMarkdownRef.current,
      presence: sync.presence,
      contentLabel: contentLabelRef.current,
    });
    editorRef.current = editor;
    return () => {
      editor.destroy();
      if (editorRef.current === editor) editorRef.current = null;
    };
  }, [sync, editorRef]);

  useEffect(() => {
    editorRef.current?.setReadOnly(readOnly);
  }, [readOnly, editorRef]);

  useEffect(() => {
    editorRef.current?.setShowMarkdown(showMarkdown);
  }, [showMarkdown, editorRef]);

  return <div ref={host} className="page-editor__source" />;
}
