import { StateEffect } from '@codemirror/state';
import { type RefObject, useEffect, useRef } from 'react';
import type { PageEditorView } from '../../editor/codemirror-setup';
import { type CommentAnchor, commentAnchors, setCommentAnchors } from '../../editor/comment-anchors';
import type { PageSync } from '../../editor/page-sync';
import type { Thread } from './comments-threads';
import { useAppStores } from '../stores-context';

/** The open threads posted on words: what the editor highlights. */
function anchorsOf(threads: Thread[]): CommentAnchor[] {
  return threads.flatMap(({ comment }) =>
    comment.status !== 'resolved' && comment.anchor ? [{ id: comment.id, start: comment.anchor.start, end: comment.anchor.end }] : [],
  );
}

/**
 * Comments on words in the page editor: adds the comment-anchors extension to the editor of `sync` (after the
 * editor's own, so after yCollab), keeps its highlights in step with the page's threads, and loads the threads
 * when the page opens (highlights show with the comments panel closed too).
 */
export function useCommentAnchors(editorRef: RefObject<PageEditorView | null>, sync: PageSync | undefined, canComment: boolean) {
  const { comments } = useAppStores();
  const canCommentRef = useRef(canComment);
  canCommentRef.current = canComment;

  useEffect(() => {
    const editor = editorRef.current;
    if (!sync || !editor) return;
    const extension = commentAnchors({
      text: sync.text,
      canComment: () => canCommentRef.current,
      onComment: (selection) => comments.getState().startDraft(selection),
      onOpen: (commentId) => comments.getState().focusThread(commentId),
    });
    editor.view.dispatch({ effects: [StateEffect.appendConfig.of(extension), setCommentAnchors.of(anchorsOf(comments.getState().threads))] });
    const target = comments.getState().target;
    if (target?.pageId !== sync.target.pageId || comments.getState().status === 'idle') void comments.getState().reload();
    return comments.subscribe((state, previous) => {
      if (state.threads !== previous.threads && editorRef.current === editor) {
        editor.view.dispatch({ effects: setCommentAnchors.of(anchorsOf(state.threads)) });
      }
    });
  }, [comments, editorRef, sync]);
}
