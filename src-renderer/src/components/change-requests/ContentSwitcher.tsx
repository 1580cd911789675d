import { useEffect, useId, useRef, useState } from 'react';
import type { Space } from '../../api/types';
import { nameOf } from './change-requests-store';
import { useAppStores, useNavigation } from '../stores-context';
import { FinishedChangeRequests } from './FinishedChangeRequests';
import { NewChangeRequestForm } from './NewChangeRequestForm';
import { changeRequestRights, useChangeRequests } from './use-change-requests';

type Popover = 'new' | 'finished';

const NOTICE_MS = 10_000;
const STATUS_LABELS = { draft: 'draft', open: 'open', archived: 'archived', merged: 'merged' } as const;

/**
 * Chooses the content the editor shows: main, or one of the space's change requests; opens a new one.
 * While a change request is open, a strip under the top bar says so, so nobody edits it thinking it is main.
 */
export function ContentSwitcher({ space }: { space: Space }) {
  const { navigation, changeRequests } = useAppStores();
  const openId = useNavigation((state) => state.changeRequestId);
  const list = useChangeRequests((state) => state.list);
  const current = useChangeRequests((state) => state.current);
  const notice = useChangeRequests((state) => state.notice);
  const [popover, setPopover] = useState<Popover>();
  const buttons = { new: useRef<HTMLButtonElement>(null), finished: useRef<HTMLButtonElement>(null) };
  const ids = { select: useId(), new: useId(), finished: useId(), banner: useId() };
  const rights = changeRequestRights(space);

  const active = list.status === 'ready' ? list.items : [];
  const open = current.status === 'ready' && current.changeRequest.id === openId ? current.changeRequest : undefined;
  // An archived or merged one opened from the finished list is not among the active ones: it still needs its option.
  const extra = open && !active.some((cr) => cr.id === open.id) ? open : undefined;

  // A notice says what just happened; after a while it is old news (the status region announced it already).
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => changeRequests.getState().dismissNotice(), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, changeRequests]);

  // A click outside an open popover closes it, as Escape does (focus stays where the writer clicked).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!popover) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setPopover(undefined);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [popover]);

  const close = (which: Popover) => {
    setPopover(undefined);
    // Back to the button that opened it (after a create, focus stays on the switcher's control).
    buttons[which].current?.focus();
  };

  return (
    <>
      <div ref={root} className="content-switcher" role="group" aria-label="Content being edited">
        <label className="content-switcher__label" htmlFor={ids.select}>
          Content
        </label>
        <div className="select-control content-switcher__select">
          <select
            id={ids.select}
            value={openId ?? ''}
            aria-describedby={openId ? ids.banner : undefined}
            onChange={(event) => navigation.getState().openChangeRequest(event.target.value || undefined)}
          >
            <option value="">Main content</option>
            {openId && !open && !active.some((cr) => cr.id === openId) && <option value={openId}>Change request…</option>}
            {active.length > 0 && (
              <optgroup label="Change requests">
                {active.map((cr) => (
                  <option key={cr.id} value={cr.id}>
                    {nameOf(cr)}
                    {cr.status === 'draft' ? ' (draft)' : ''}
                  </option>
                ))}
              </optgroup>
            )}
            {extra && (
              <option value={extra.id}>
                {nameOf(extra)} ({STATUS_LABELS[extra.status]})
              </option>
            )}
          </select>
        </div>
        {open?.outdated && (
          <span className="badge badge--outdated" title="Main content has changed since this change request was created or last updated">
            Outdated
          </span>
        )}
        {list.status === 'error' && (
          <span className="error-text content-switcher__error" role="alert">
            Change requests could not be loaded: {list.message}{' '}
            <button className="button button--quiet" type="button" onClick={() => void changeRequests.getState().reloadList()}>
              Try again
            </button>
          </span>
        )}
        {rights.create && (
          <button
            ref={buttons.new}
            className="button content-switcher__new"
            type="button"
            aria-expanded={popover === 'new'}
            aria-controls={popover === 'new' ? ids.new : undefined}
            onClick={() => setPopover(popover === 'new' ? undefined : 'new')}
          >
            New change request
          </button>
        )}
        <button
          ref={buttons.finished}
          className="button button--quiet"
          type="button"
          aria-expanded={popover === 'finished'}
          aria-controls={popover === 'finished' ? ids.finished : undefined}
          onClick={() => setPopover(popover === 'finished' ? undefined : 'finished')}
        >
          Archived &amp; merged
        </button>
        {popover === 'new' && (
          <div id={ids.new} className="content-switcher__popover">
            <NewChangeRequestForm onClose={(created) => (created ? setPopover(undefined) : close('new'))} />
          </div>
        )}
        {popover === 'finished' && (
          <div id={ids.finished} className="content-switcher__popover">
            <FinishedChangeRequests onClose={() => close('finished')} />
          </div>
        )}
      </div>
      {openId && <EditingBanner id={ids.banner} name={open ? nameOf(open) : 'a change request'} status={open?.status} />}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice && (
        // The status region above announces it; this is the visible copy, which the writer can dismiss.
        <div className="notice content-switcher__notice">
          <span aria-hidden="true">{notice}</span>
          <button className="button button--quiet" type="button" onClick={() => changeRequests.getState().dismissNotice()}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}

function EditingBanner({ id, name, status }: { id: string; name: string; status?: keyof typeof STATUS_LABELS }) {
  const readOnly = status === 'merged';
  return (
    <p id={id} className={`content-banner${readOnly ? ' content-banner--merged' : ''}`}>
      <span className="content-banner__dot" aria-hidden="true" />
      {readOnly ? (
        <span>
          Viewing <strong>{name}</strong>, merged into main content: it no longer changes.
        </span>
      ) : (
        <span>
          Editing <strong>{name}</strong>
          {status === 'archived' ? ' (archived)' : ''}, not main content. Your edits reach main content when it is merged.
        </span>
      )}
    </p>
  );
}
