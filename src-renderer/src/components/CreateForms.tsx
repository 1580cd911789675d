import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import type { Collection, Space } from '../api/types';
import { TITLE_MAX_LENGTH } from '../stores/spaces-store';
import { useAppStores, useSpaces } from './stores-context';

/** A place new content can go: the organization's root (`value` '') or a collection. */
export interface Location {
  value: string;
  label: string;
}

interface FormProps {
  locations: Location[];
  /** The location chosen when the form opens. */
  initialLocation: string;
  onCancel(): void;
}

/** A native select (keyboard-operable everywhere), drawn like the organization switcher. */
function LocationSelect({ id, locations, value, onChange }: { id: string; locations: Location[]; value: string; onChange(value: string): void }) {
  return (
    <div className="select-control">
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {locations.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Escape closes a form, as it closes any panel. */
function cancelOnEscape(onCancel: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
}

export function NewSpaceForm({ locations, initialLocation, onCancel, onCreated }: FormProps & { onCreated(space: Space): void }) {
  const { spaces } = useAppStores();
  const pending = useSpaces((state) => state.pending.createSpace === true);
  const error = useSpaces((state) => state.errors.createSpace);
  const [title, setTitle] = useState('');
  const [emoji, setEmoji] = useState('');
  const [location, setLocation] = useState(initialLocation);
  const ids = { heading: useId(), title: useId(), emoji: useId(), location: useId(), error: useId() };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const created = await spaces.getState().createSpace({ title, emoji, parent: location || undefined });
    if (created) onCreated(created);
  };

  return (
    <form className="create-form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} noValidate>
      <h3 id={ids.heading}>New space</h3>
      <div className="create-form__fields">
        <div className="field field--emoji">
          <label htmlFor={ids.emoji}>Emoji</label>
          <input id={ids.emoji} value={emoji} onChange={(e) => setEmoji(e.target.value)} maxLength={50} autoComplete="off" />
        </div>
        <div className="field field--grow">
          <TitleInput
            id={ids.title}
            value={title}
            onChange={(value) => {
              setTitle(value);
              spaces.getState().clearError('createSpace');
            }}
            placeholder="e.g. Developer guide"
            errorId={error ? ids.error : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.location}>Location</label>
          <LocationSelect id={ids.location} locations={locations} value={location} onChange={setLocation} />
        </div>
      </div>
      <FormFooter words={createWords('space')} error={error} errorId={ids.error} pending={pending} onCancel={onCancel} />
    </form>
  );
}

export function NewCollectionForm({ locations, initialLocation, onCancel, onCreated }: FormProps & { onCreated(collection: Collection): void }) {
  const { spaces } = useAppStores();
  const pending = useSpaces((state) => state.pending.createCollection === true);
  const error = useSpaces((state) => state.errors.createCollection);
  const [title, setTitle] = useState('');
  const [location, setLocation] = useState(initialLocation);
  const ids = { heading: useId(), title: useId(), location: useId(), error: useId() };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const created = await spaces.getState().createCollection({ title, parent: location || undefined });
    if (created) onCreated(created);
  };

  return (
    <form className="create-form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} noValidate>
      <h3 id={ids.heading}>New collection</h3>
      <div className="create-form__fields">
        <div className="field field--grow">
          <TitleInput
            id={ids.title}
            value={title}
            onChange={(value) => {
              setTitle(value);
              spaces.getState().clearError('createCollection');
            }}
            placeholder="e.g. Guides"
            errorId={error ? ids.error : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.location}>Location</label>
          <LocationSelect id={ids.location} locations={locations} value={location} onChange={setLocation} />
        </div>
      </div>
      <FormFooter words={createWords('collection')} error={error} errorId={ids.error} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/** The title field both forms share: focused first, its error announced through aria-describedby. */
function TitleInput(props: { id: string; value: string; onChange(value: string): void; placeholder: string; errorId?: string }) {
  return (
    <>
      <label htmlFor={props.id}>Title</label>
      <input
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        maxLength={TITLE_MAX_LENGTH}
        placeholder={props.placeholder}
        autoComplete="off"
        autoFocus
        required
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
      />
    </>
  );
}

/** What a create form's footer says: what failed, and its submit button at rest and while sending. */
interface FormFooterWords {
  /** "Could not {failedTo}: ..." */
  failedTo: string;
  submit: string;
  submitting: string;
}

/** The words of a form that creates a `noun`. */
export const createWords = (noun: string): FormFooterWords => ({ failedTo: `create the ${noun}`, submit: `Create ${noun}`, submitting: 'Creating…' });

/** The server's refusal in words, then the submit button and Cancel: the end of every create form. */
export function FormFooter(props: { words: FormFooterWords; error?: string; errorId: string; pending: boolean; onCancel(): void }) {
  return (
    <>
      {props.error && (
        <p className="error-text" id={props.errorId} role="alert">
          Could not {props.words.failedTo}: {props.error}
        </p>
      )}
      <div className="create-form__actions">
        <button className="button button--primary" type="submit" disabled={props.pending}>
          {props.pending ? props.words.submitting : props.words.submit}
        </button>
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
