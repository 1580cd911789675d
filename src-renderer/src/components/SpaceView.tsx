import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Organization, Space } from '../api/types';
import { defaultLevelLabel, formatDate, titleOrUntitled, visibilityLabel } from '../format';
import { collectionPath } from '../stores/space-tree';
import { TITLE_MAX_LENGTH } from '../stores/spaces-store';
import { ArrowLeftIcon, CheckIcon, CloseIcon, LockIcon, PageIcon } from './Icons';
import { spaceEntryId } from './SpacesSection';
import { StatusMessage } from './StatusMessage';
import { SpaceScreen } from './space/SpaceScreen';
import { useAppStores, useSpaces } from './stores-context';
import { MergeRulesSetting } from './change-requests/MergeRulesSetting';

/** What `permissions` allows, in words, in the order people think of them. */
const PERMISSIONS: Array<{ key: keyof Space['permissions']; label: string; lockedByEditMode?: boolean }> = [
  { key: 'view', label: 'Read its content' },
  { key: 'comment', label: 'Comment' },
  { key: 'edit', label: 'Edit its content', lockedByEditMode: true },
  { key: 'review', label: 'Review change requests' },
  { key: 'merge', label: 'Merge change requests', lockedByEditMode: true },
  { key: 'admin', label: 'Change its settings, rename or delete it' },
  { key: 'viewInviteLinks', label: 'See its invite links' },
  { key: 'installIntegration', label: 'Install integrations' },
];

/** One space: its settings, what the viewer may do, and renaming and deleting for its admins. */
export function SpaceView({ organization }: { organization: Organization }) {
  const { spaces } = useAppStores();
  const openSpace = useSpaces((state) => state.openSpace);
  const openSpaceId = useSpaces((state) => state.openSpaceId);

  const back = () => {
    spaces.getState().close();
    // Back in the tree, focus the space that was open, so the keyboard continues from there.
    requestAnimationFrame(() => {
      const entry = openSpaceId ? document.getElementById(spaceEntryId(openSpaceId)) : null;
      if (entry) entry.focus();
      else document.getElementById('spaces-title')?.scrollIntoView();
    });
  };

  const backButton = (
    <button className="button button--quiet back-button" type="button" onClick={back}>
      <ArrowLeftIcon />
      All spaces
    </button>
  );

  if (!openSpace || openSpace.status === 'loading') {
    return (
      <div className="space-view">
        {backButton}
        <StatusMessage kind="loading">Loading the space…</StatusMessage>
      </div>
    );
  }
  if (openSpace.status === 'error') {
    return (
      <div className="space-view">
        {backButton}
        <StatusMessage kind="error" onRetry={() => openSpaceId && void spaces.getState().open(openSpaceId)}>
          Could not open the space: {openSpace.message}
        </StatusMessage>
      </div>
    );
  }
  const space = openSpace.space;
  return (
    <SpaceScreen
      organization={organization}
      space={space}
      top={
        <div className="space-view__top">
          {backButton}
          <SpaceBreadcrumb organization={organization} space={space} />
        </div>
      }
      overview={<SpaceDetails organization={organization} space={space} />}
    />
  );
}

function SpaceBreadcrumb({ organization, space }: { organization: Organization; space: Space }) {
  const tree = useSpaces((state) => state.tree);
  const path = useMemo(() => collectionPath(tree.status === 'ready' ? tree.collections : [], space.parent), [tree, space.parent]);
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li>{organization.title}</li>
        {path.map((collection) => (
          <li key={collection.id}>{titleOrUntitled(collection.title, 'collection')}</li>
        ))}
        <li aria-current="page">{titleOrUntitled(space.title, 'space')}</li>
      </ol>
    </nav>
  );
}

interface DetailsProps {
  organization: Organization;
  space: Space;
}

function SpaceDetails({ organization, space }: DetailsProps) {
  const { spaces } = useAppStores();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tree = useSpaces((state) => state.tree);
  const deleting = useSpaces((state) => state.pending.delete === true);
  const deleteError = useSpaces((state) => state.errors.delete);
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const title = titleOrUntitled(space.title, 'space');
  const locked = space.editMode === 'locked';

  const path = useMemo(() => collectionPath(tree.status === 'ready' ? tree.collections : [], space.parent), [tree, space.parent]);
  const parentTitle = path.length ? titleOrUntitled(path.at(-1)!.title, 'collection') : undefined;

  useEffect(() => {
    document.title = `${title} · ${organization.title} · Folio`;
  }, [title, organization.title]);

  // Opening a space moves focus to its title, so screen readers announce the new view.
  useEffect(() => {
    headingRef.current?.focus();
  }, [space.id]);

  const stopRenaming = () => {
    setRenaming(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const facts: Array<{ term: string; value: ReactNode }> = [
    {
      term: 'Edit mode',
      value: locked ? (
        <span className="badge badge--locked badge--large">
          <LockIcon size={13} />
          Locked · read-only
        </span>
      ) : (
        <span className="badge badge--live">Live · editable</span>
      ),
    },
    { term: 'Visibility', value: visibilityLabel(space.visibility) },
    {
      term: 'Default access',
      value:
        space.defaultLevel === 'inherit'
          ? parentTitle
            ? `Inherited from “${parentTitle}”`
            : "Inherited: each member's organization role"
          : defaultLevelLabel(space.defaultLevel),
    },
    { term: 'Collection', value: parentTitle ?? 'None (at the organization’s root)' },
    { term: 'Created', value: <time dateTime={space.createdAt}>{formatDate(space.createdAt)}</time> },
    { term: 'Last updated', value: <time dateTime={space.updatedAt}>{formatDate(space.updatedAt)}</time> },
  ];

  return (
    <article className="space-view" aria-labelledby="space-title">
      <header className="space-view__header">
        <span className="space-view__emoji" aria-hidden="true">
          {space.emoji || <PageIcon size={30} />}
        </span>
        <div className="space-view__heading">
          <p className="eyebrow">Space</p>
          {renaming ? (
            <RenameForm space={space} onDone={stopRenaming} />
          ) : (
            <h1 id="space-title" ref={headingRef} tabIndex={-1}>
              {title}
            </h1>
          )}
        </div>
        {space.permissions.admin && !renaming && (
          <div className="space-view__actions">
            <button ref={renameButton} className="button" type="button" onClick={() => setRenaming(true)}>
              Rename
            </button>
            <button
              className="button button--danger"
              type="button"
              disabled={deleting}
              onClick={() => void spaces.getState().deleteSpace(space.id)}
            >
              {deleting ? 'Deleting…' : 'Delete space'}
            </button>
          </div>
        )}
      </header>
      {deleteError && (
        <p className="error-text" role="alert">
          Could not delete the space: {deleteError}
        </p>
      )}

      {locked && (
        <div className="callout callout--locked" role="note" aria-label="This space is locked">
          <LockIcon size={20} />
          <p>
            <strong>This space is locked and read-only.</strong> Nobody can change its content until an admin sets its edit mode back to
            Live.
          </p>
        </div>
      )}

      <dl className="facts">
        {facts.map((fact) => (
          <div className="facts__item" key={fact.term}>
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>

      <MergeRulesSetting space={space} />

      <section className="section" aria-labelledby="space-permissions-title">
        <div className="section__header">
          <h2 id="space-permissions-title">What you can do here</h2>
        </div>
        <ul className="permissions">
          {PERMISSIONS.map(({ key, label, lockedByEditMode }) => {
            const byRole = space.permissions[key];
            const blocked = byRole && locked && lockedByEditMode;
            const allowed = byRole && !blocked;
            return (
              <li key={key} className={`permission ${allowed ? 'permission--yes' : 'permission--no'}`}>
                <span className="permission__mark" aria-hidden="true">
                  {allowed ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
                </span>
                <span className="permission__label">{label}</span>
                <span className="permission__value">{allowed ? 'Yes' : blocked ? 'No — the space is locked' : 'No'}</span>
              </li>
            );
          })}
        </ul>
        {!space.permissions.admin && <p className="hint">Only admins of this space can rename or delete it.</p>}
      </section>
    </article>
  );
}

function RenameForm({ space, onDone }: { space: Space; onDone(): void }) {
  const { spaces } = useAppStores();
  const pending = useSpaces((state) => state.pending.rename === true);
  const error = useSpaces((state) => state.errors.rename);
  const [title, setTitle] = useState(space.title);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (title.trim() === space.title) return onDone();
    if (await spaces.getState().rename(space.id, title)) onDone();
  };
  const cancel = () => {
    spaces.getState().clearError('rename');
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <form className="rename-form" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Space title
      </label>
      <div className="rename-form__row">
        <input
          id={inputId}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            spaces.getState().clearError('rename');
          }}
          maxLength={TITLE_MAX_LENGTH}
          autoFocus
          onFocus={(e) => e.target.select()}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button className="button button--primary" type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <button className="button button--quiet" type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="error-text" id={errorId} role="alert">
          Could not rename the space: {error}
        </p>
      )}
    </form>
  );
}
