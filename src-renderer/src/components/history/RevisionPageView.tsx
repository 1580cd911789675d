import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import type { RevisionViewMode } from './history-store';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import { RestoreDialog } from './RestoreDialog';
import { RenderedRevision, RevisionChanges } from './RevisionContent';
import { revisionTime } from './revision-words';
import { emojiGlyph } from '../../../../src-shared/emoji';

const MODES: Array<{ mode: RevisionViewMode; label: string }> = [
  { mode: 'rendered', label: 'Rendered' },
  { mode: 'changes', label: 'Changes' },
];

/**
 * The open page as it was at the chosen revision, read-only, under a banner saying so with the way back:
 * rendered as it read then, or as the changes since. The page, or the whole space, can be restored to it
 * (after a confirmation). A page that did not exist then is said to be missing, with the pages that did.
 */
export function RevisionPageView({ space }: { space: Space }) {
  const { history, navigation } = useAppStores();
  const revisionId = useNavigation((state) => state.revisionId);
  const pageId = useNavigation((state) => state.pageId);
  const view = useStore(history, (state) => state.view);
  const mode = useStore(history, (state) => state.mode);
  const restore = useStore(history, (state) => state.restore);

  useEffect(() => {
    if (revisionId && pageId) void history.getState().showPage(space.id, revisionId, pageId);
  }, [history, space.id, revisionId, pageId]);

  const key = `${space.id}/${revisionId}/${pageId}`;
  const current = view.status !== 'idle' && view.key === key ? view : undefined;
  const when = current && (current.status === 'ready' || current.status === 'missing') ? revisionTime(current.revision.createdAt) : undefined;
  // Restoring writes main content: it needs the edit role and a space that is not locked.
  const canRestore = space.permissions.edit && space.editMode !== 'locked';

  return (
    <article className="revision-view" aria-label="Page at an earlier revision">
      <div className="revision-view__banner" role="note">
        <p>
          You are viewing the revision of <strong>{when ?? '…'}</strong> — read-only.
        </p>
        <div className="revision-view__actions">
          {canRestore && current?.status === 'ready' && (
            <button className="button" type="button" onClick={() => history.getState().askRestore('page')}>
              Restore this page…
            </button>
          )}
          {canRestore && when && (
            <button className="button" type="button" onClick={() => history.getState().askRestore('space')}>
              Restore the space…
            </button>
          )}
          <button className="button" type="button" onClick={() => history.getState().closeRevision()}>
            Back to the current version
          </button>
        </div>
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
                <li key={page.id} className={`revision-outline__item revision-outline__item--depth-${Math.min(page.depth, 6)}`}>
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
            <div className="revision-view__modes" role="group" aria-label="Show the revision">
              {MODES.map(({ mode: value, label }) => (
                <button
                  key={value}
                  className={`button button--quiet revision-view__mode${mode === value ? ' revision-view__mode--on' : ''}`}
                  type="button"
                  aria-pressed={mode === value}
                  onClick={() => history.getState().setMode(value)}
                >
                  {label}
                </button>
              ))}
            </div>
          </header>
          {mode === 'changes' ? <RevisionChanges page={current.page} now={current.now} /> : <RenderedRevision page={current.page} />}
        </>
      )}
      {restore.status !== 'idle' && (
        <RestoreDialog
          restore={restore}
          pageTitle={current?.status === 'ready' ? current.page.title : undefined}
          when={when ?? ''}
          onCancel={() => history.getState().cancelRestore()}
          onConfirm={() => void history.getState().confirmRestore(space.id)}
        />
      )}
    </article>
  );
}
