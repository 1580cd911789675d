import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { renderMarkdown } from '../../editor/markdown-preview';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import { revisionTime } from './revision-words';
import { emojiGlyph } from '../../../../src-shared/emoji';

/**
 * The open page as it was at the chosen revision, read-only, under a banner saying so with the way back.
 * A page that did not exist then is said to be missing, with the pages that did exist to choose from.
 */
export function RevisionPageView({ space }: { space: Space }) {
  const { history, navigation } = useAppStores();
  const revisionId = useNavigation((state) => state.revisionId);
  const pageId = useNavigation((state) => state.pageId);
  const view = useStore(history, (state) => state.view);

  useEffect(() => {
    if (revisionId && pageId) void history.getState().showPage(space.id, revisionId, pageId);
  }, [history, space.id, revisionId, pageId]);

  const key = `${space.id}/${revisionId}/${pageId}`;
  const current = view.status !== 'idle' && view.key === key ? view : undefined;
  const html = useMemo(() => (current?.status === 'ready' ? renderMarkdown(current.page.markdown) : ''), [current]);
  const when = current && (current.status === 'ready' || current.status === 'missing') ? revisionTime(current.revision.createdAt) : undefined;

  return (
    <article className="revision-view" aria-label="Page at an earlier revision">
      <div className="revision-view__banner" role="note">
        <p>
          You are viewing the revision of <strong>{when ?? '…'}</strong> — read-only.
        </p>
        <button className="button" type="button" onClick={() => history.getState().closeRevision()}>
          Back to the current version
        </button>
      </div>
      {!current || current.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the page at this revision…</StatusMessage>
      ) : current.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void history.getState().showPage(space.id, revisionId!, pageId!, true)}>
          Could not load the page at this revision: {current.message}
        </StatusMessage>
      ) : current.status === 'missing' ? (
        <div className="revision-view__missing">
          <StatusMessage kind="empty" title="This page did not exist at this revision">
            {current.pages.length ? 'Choose one of the pages the space had then:' : 'The space had no pages then.'}
          </StatusMessage>
          {current.pages.length > 0 && (
            <ul className="revision-outline" aria-label="Pages at this revision">
              {current.pages.map((page) => (
                <li key={page.id} style={{ paddingInlineStart: `${page.depth * 16}px` }}>
                  {page.kind === 'group' ? (
                    <span className="revision-outline__group">{page.title}</span>
                  ) : (
                    <button className="button button--quiet" type="button" onClick={() => navigation.getState().openPage(page.id)}>
                      {page.emoji && <span aria-hidden="true">{emojiGlyph(page.emoji)} </span>}
                      {page.title || 'Untitled'}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <>
          <header className="revision-view__header">
            <h1 className="revision-view__title">
              {current.page.emoji && <span aria-hidden="true">{emojiGlyph(current.page.emoji)} </span>}
              {current.page.title || 'Untitled'}
            </h1>
            {current.page.description && <p className="revision-view__description">{current.page.description}</p>}
          </header>
          {current.page.markdown.trim() ? (
            <div className="revision-view__body" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p className="hint">{current.page.kind === 'group' ? 'A group of pages: it has no text of its own.' : 'This page was empty at this revision.'}</p>
          )}
        </>
      )}
    </article>
  );
}
