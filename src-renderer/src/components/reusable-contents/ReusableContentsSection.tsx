import { useCallback, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { ChevronIcon, MoreIcon, PlusIcon } from '../Icons';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import { DeleteReusableContentDialog, ReusableContentTitleDialog } from './ReusableContentDialogs';
import { ReusableContentMenu } from './ReusableContentMenu';
import type { ReusableContentSummary } from './reusable-contents-store';

const menuButtonId = (id: string) => `reusable-content-actions-${id}`;

type Dialog = { kind: 'create' } | { kind: 'rename'; item: ReusableContentSummary } | { kind: 'delete'; item: ReusableContentSummary };

/**
 * The space's reusable contents, under the page tree: collapsible, listing those of the content being edited
 * (main or the change request). Editors create, rename and delete them; anyone opens one in the editor.
 */
export function ReusableContentsSection({ space }: { space: Space }) {
  const { reusableContents: store, navigation } = useAppStores();
  const load = useStore(store, (state) => state.load);
  const items = useStore(store, (state) => state.items);
  const pending = useStore(store, (state) => state.pending);
  const errors = useStore(store, (state) => state.errors);
  const openId = useNavigation((state) => state.reusableContentId);
  const onChangeRequest = useNavigation((state) => state.changeRequestId !== undefined);
  // As the page tree: locking freezes main content, a change request's copy stays editable.
  const editable = space.permissions.edit && !(space.editMode === 'locked' && !onChangeRequest);
  const [expanded, setExpanded] = useState(true);
  const [dialog, setDialog] = useState<Dialog>();
  const headingId = useId();
  const listId = useId();
  const newButton = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<{ item: ReusableContentSummary; anchor: DOMRect }>();
  const closeMenu = useCallback((refocus: boolean) => {
    setMenu((open) => {
      if (open && refocus) document.getElementById(menuButtonId(open.item.id))?.focus();
      return undefined;
    });
  }, []);

  const closeDialog = () => {
    if (dialog?.kind === 'create') store.getState().clearError('create');
    else if (dialog) store.getState().clearError(`${dialog.kind}:${dialog.item.id}`);
    setDialog(undefined);
  };
  const create = async (title: string) => {
    const id = await store.getState().create(title);
    if (!id) return;
    setDialog(undefined);
    navigation.getState().openReusableContent(id);
  };
  const rename = async (item: ReusableContentSummary, title: string) => {
    if (await store.getState().rename(item.id, title)) setDialog(undefined);
  };
  const remove = async (item: ReusableContentSummary) => {
    if (!(await store.getState().remove(item.id))) return;
    setDialog(undefined);
    newButton.current?.focus();
  };

  return (
    <section className="reusable-contents" aria-labelledby={headingId}>
      <div className="reusable-contents__header">
        <h2 className="reusable-contents__heading" id={headingId}>
          <button className="reusable-contents__toggle" type="button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
            <ChevronIcon className={`reusable-contents__chevron${expanded ? ' reusable-contents__chevron--open' : ''}`} />
            Reusable content
            {items.length > 0 && <span className="pill">{items.length}</span>}
          </button>
        </h2>
        {editable && (
          <button ref={newButton} className="button button--quiet reusable-contents__new" type="button" title="New reusable content" aria-label="New reusable content" onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon />
          </button>
        )}
      </div>
      <div id={listId} hidden={!expanded}>
        {load.status === 'error' ? (
          <StatusMessage kind="error" title="Could not load reusable content" onRetry={() => void store.getState().reload()}>
            {load.message}
          </StatusMessage>
        ) : load.status !== 'ready' ? (
          <StatusMessage kind="loading">Loading reusable content…</StatusMessage>
        ) : items.length === 0 ? (
          <p className="hint reusable-contents__empty">Nothing yet: write a block once, then include it in any page.</p>
        ) : (
          <ul className="reusable-contents__list" aria-label="Reusable content">
            {items.map((item) => (
              <li key={item.id} className={`reusable-contents__item${item.id === openId ? ' reusable-contents__item--open' : ''}`}>
                <button
                  className="reusable-contents__open"
                  type="button"
                  aria-current={item.id === openId ? 'page' : undefined}
                  onClick={() => navigation.getState().openReusableContent(item.id)}
                >
                  {item.title}
                </button>
                {editable && (
                  <button
                    id={menuButtonId(item.id)}
                    className="button button--quiet reusable-contents__more"
                    type="button"
                    aria-label={`Actions for ${item.title}`}
                    aria-haspopup="menu"
                    aria-expanded={menu?.item.id === item.id}
                    onClick={(event) => setMenu({ item, anchor: event.currentTarget.getBoundingClientRect() })}
                  >
                    <MoreIcon />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {menu && (
        <ReusableContentMenu
          title={menu.item.title}
          anchor={menu.anchor}
          onRename={() => {
            closeMenu(false);
            setDialog({ kind: 'rename', item: menu.item });
          }}
          onDelete={() => {
            closeMenu(false);
            setDialog({ kind: 'delete', item: menu.item });
          }}
          onClose={closeMenu}
        />
      )}
      {dialog?.kind === 'create' && (
        <ReusableContentTitleDialog
          title="New reusable content"
          action="Create"
          busyAction="Creating…"
          busy={pending.create === true}
          error={errors.create}
          onSubmit={(title) => void create(title)}
          onCancel={closeDialog}
        />
      )}
      {dialog?.kind === 'rename' && (
        <ReusableContentTitleDialog
          title={`Rename “${dialog.item.title}”`}
          action="Rename"
          busyAction="Renaming…"
          initialTitle={dialog.item.title}
          busy={pending[`rename:${dialog.item.id}`] === true}
          error={errors[`rename:${dialog.item.id}`]}
          onSubmit={(title) => void rename(dialog.item, title)}
          onCancel={closeDialog}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteReusableContentDialog
          name={dialog.item.title}
          busy={pending[`delete:${dialog.item.id}`] === true}
          error={errors[`delete:${dialog.item.id}`]}
          onConfirm={() => void remove(dialog.item)}
          onCancel={closeDialog}
        />
      )}
    </section>
  );
}
