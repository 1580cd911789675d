import { type FormEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { GROUP_TITLE_MAX } from './site-groups-store';
import { useAppStores } from '../stores-context';
import { InlineForm } from './RenameForm';

// The section group controls of the Sites screen that are not a row's buttons: the New group form, and the
// form a section's "Move into group…" opens in place of its title.

/** Errors and the last notice of the group actions, under the site's sections. */
export function GroupMessages() {
  const { siteGroups } = useAppStores();
  const error = useStore(siteGroups, (state) => state.errors.groups);
  const notice = useStore(siteGroups, (state) => state.notice);
  return (
    <>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="site-structure__notice" role="status">
        {notice}
      </p>
    </>
  );
}

/** A new empty group at the end of the sections; sections move into it from their rows. */
export function NewGroupForm() {
  const { siteGroups } = useAppStores();
  const pending = useStore(siteGroups, (state) => state.pending.create === true);
  const error = useStore(siteGroups, (state) => state.errors.create);
  const [title, setTitle] = useState('');
  const id = useId();
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await siteGroups.getState().createGroup(title)) setTitle('');
  };

  return (
    <form className="site-add-section" onSubmit={submit} aria-label="New group" noValidate>
      <div className="field field--grow">
        <label htmlFor={id}>New group of sections</label>
        <input
          id={id}
          value={title}
          maxLength={GROUP_TITLE_MAX}
          placeholder="Title of the group"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            if (error) siteGroups.getState().clearError('create');
          }}
        />
        {error && (
          <p id={errorId} className="error-text" role="alert">
            {error}
          </p>
        )}
      </div>
      <button className="button" type="submit" aria-disabled={pending}>
        New group
      </button>
    </form>
  );
}

interface MoveIntoGroupFormProps {
  /** The section's title, for the field's label. */
  title: string;
  /** The groups it may move into (not the one holding it). */
  groups: Array<{ id: string; title: string }>;
  pending: boolean;
  /** Resolves to whether it moved: the form closes then. */
  onMove(groupId: string): Promise<boolean>;
  onCancel(): void;
}

/** A choice of group in place of a section's title: Enter moves, Escape cancels. */
export function MoveIntoGroupForm({ title, groups, pending, onMove, onCancel }: MoveIntoGroupFormProps) {
  const [groupId, setGroupId] = useState(groups[0]?.id ?? '');
  const id = useId();
  return (
    <InlineForm submitLabel="Move" pending={pending} onSubmit={async () => Boolean(groupId) && onMove(groupId)} onCancel={onCancel}>
      <label className="visually-hidden" htmlFor={id}>
        Group for the section {title}
      </label>
      <div className="select-control">
        <select id={id} value={groupId} autoFocus onChange={(event) => setGroupId(event.target.value)}>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.title}
            </option>
          ))}
        </select>
      </div>
    </InlineForm>
  );
}
