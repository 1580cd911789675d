import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { Site } from './sites-model';
import { titleOrUntitled } from '../../format';
import { useAppStores, useSpaces } from '../stores-context';
import { FormFooter, createWords } from '../CreateForms';

/** A site's title, and the spaces it publishes: chosen ones, or none for a new empty space. */
export function NewSiteForm({ onCancel, onCreated }: { onCancel(): void; onCreated(site: Site): void }) {
  const { sites } = useAppStores();
  const tree = useSpaces((state) => state.tree);
  const pending = useStore(sites, (state) => state.pending.create === true);
  const error = useStore(sites, (state) => state.errors.create);
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const ids = { heading: useId(), title: useId(), spaces: useId(), error: useId() };
  const spaces = tree.status === 'ready' ? tree.spaces : [];

  const toggle = (spaceId: string, on: boolean) => {
    setChosen((current) => (on ? [...current, spaceId] : current.filter((id) => id !== spaceId)));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // In the list's order, whatever order they were ticked in.
    const spaceIds = spaces.map((space) => space.id).filter((id) => chosen.includes(id));
    const created = await sites.getState().createSite({ title, spaceIds });
    if (created) onCreated(created);
  };

  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form className="create-form site-form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={escape} noValidate>
      <h3 id={ids.heading}>New site</h3>
      <div className="field">
        <label htmlFor={ids.title}>Site title</label>
        <input
          id={ids.title}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            sites.getState().clearError('create');
          }}
          maxLength={128}
          placeholder="e.g. Acme Docs"
          autoComplete="off"
          autoFocus
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      <fieldset className="site-form__spaces" aria-describedby={ids.spaces}>
        <legend>Spaces to publish</legend>
        <p className="hint" id={ids.spaces}>
          Each space becomes part of the site. Choose none to start the site with a new empty space.
        </p>
        {spaces.length === 0 ? (
          <p className="hint">This organization has no spaces yet.</p>
        ) : (
          <ul className="site-form__choices">
            {spaces.map((space) => (
              <li key={space.id}>
                <label className="site-form__choice">
                  <input type="checkbox" checked={chosen.includes(space.id)} onChange={(event) => toggle(space.id, event.target.checked)} />
                  <span aria-hidden="true">{space.emoji}</span> {titleOrUntitled(space.title, 'space')}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FormFooter words={createWords('site')} error={error} errorId={ids.error} pending={pending} onCancel={onCancel} />
    </form>
  );
}
