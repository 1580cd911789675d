import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { SLUG_MAX, SLUG_RULE, type SourceDraft, suggestSlug } from './openapi-model';
import { useAppStores } from '../stores-context';
import { SourceFields } from './SourceFields';
import { FormFooter } from '../CreateForms';

/** A new spec: its slug (how pages' OpenAPI blocks name it) and its source. */
export function NewSpecForm({ onCancel }: { onCancel(): void }) {
  const { openapi } = useAppStores();
  const pending = useStore(openapi, (state) => state.pending.create === true);
  const error = useStore(openapi, (state) => state.errors.create);
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [source, setSource] = useState<SourceDraft>({ kind: 'url', value: '' });
  const ids = { heading: useId(), slug: useId(), rule: useId(), error: useId() };

  const changeSource = (next: SourceDraft) => {
    setSource(next);
    openapi.getState().clearError('create');
    // Until the writer types a slug, one follows the URL's file name.
    if (!slugTouched && next.kind === 'url') setSlug(suggestSlug(next.value));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await openapi.getState().createSpec({ slug, source });
  };
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form className="create-form openapi-form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={escape} noValidate>
      <h3 id={ids.heading}>New API spec</h3>
      <div className="field">
        <label htmlFor={ids.slug}>Slug</label>
        <input
          id={ids.slug}
          value={slug}
          maxLength={SLUG_MAX}
          placeholder="e.g. petstore"
          autoComplete="off"
          autoFocus
          required
          aria-describedby={error ? `${ids.rule} ${ids.error}` : ids.rule}
          aria-invalid={error?.startsWith('slug') || undefined}
          onChange={(e) => {
            setSlug(e.target.value);
            setSlugTouched(true);
            openapi.getState().clearError('create');
          }}
        />
        <p className="hint" id={ids.rule}>
          Pages name the spec by its slug: {SLUG_RULE}.
        </p>
      </div>
      <SourceFields source={source} onChange={changeSource} invalid={error?.startsWith('source')} />
      <FormFooter
        words={{ failedTo: 'add the spec', submit: 'Add spec', submitting: 'Adding…' }}
        error={error}
        errorId={ids.error}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
