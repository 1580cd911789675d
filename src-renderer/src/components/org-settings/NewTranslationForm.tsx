import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { titleOrUntitled } from '../../format';
import { languageName, TRANSLATION_LANGUAGES, TRANSLATION_TITLE_MAX, type TranslationLanguage } from './translations-store';
import { useAppStores, useSpaces } from '../stores-context';
import { FormFooter, createWords } from '../CreateForms';

/** A translation: which space, from which language, into which, and an optional title. */
export function NewTranslationForm({ onCancel, onCreated }: { onCancel(): void; onCreated(): void }) {
  const { translations } = useAppStores();
  const tree = useSpaces((state) => state.tree);
  const pending = useStore(translations, (state) => state.pending.create === true);
  const error = useStore(translations, (state) => state.errors.create);
  const spaces = tree.status === 'ready' ? tree.spaces : [];
  const [spaceId, setSpaceId] = useState(spaces[0]?.id ?? '');
  const [sourceLanguage, setSourceLanguage] = useState<TranslationLanguage>('en');
  const [language, setLanguage] = useState<TranslationLanguage>('fr');
  const [title, setTitle] = useState('');
  const ids = { heading: useId(), space: useId(), from: useId(), to: useId(), title: useId(), error: useId() };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await translations.getState().create({ spaceId, sourceLanguage, language, title })) onCreated();
  };
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  const clear = () => translations.getState().clearError('create');
  const languages = TRANSLATION_LANGUAGES.map((code) => (
    <option key={code} value={code}>
      {languageName(code)}
    </option>
  ));

  return (
    <form className="create-form org-settings__form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={escape} noValidate>
      <h3 id={ids.heading}>New translation</h3>
      <div className="field">
        <label htmlFor={ids.space}>Source space</label>
        <select id={ids.space} value={spaceId} autoFocus onChange={(e) => (setSpaceId(e.target.value), clear())}>
          {spaces.length === 0 && <option value="">No spaces yet</option>}
          {spaces.map((space) => (
            <option key={space.id} value={space.id}>
              {titleOrUntitled(space.title, 'space')}
            </option>
          ))}
        </select>
      </div>
      <div className="org-settings__pair">
        <div className="field">
          <label htmlFor={ids.from}>Source language</label>
          <select id={ids.from} value={sourceLanguage} onChange={(e) => (setSourceLanguage(e.target.value as TranslationLanguage), clear())}>
            {languages}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.to}>Target language</label>
          <select id={ids.to} value={language} onChange={(e) => (setLanguage(e.target.value as TranslationLanguage), clear())}>
            {languages}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.title}>Title (optional)</label>
        <input id={ids.title} value={title} maxLength={TRANSLATION_TITLE_MAX} autoComplete="off" placeholder="e.g. French docs" onChange={(e) => (setTitle(e.target.value), clear())} />
      </div>
      <FormFooter words={createWords('translation')} error={error} errorId={ids.error} pending={pending} onCancel={onCancel} />
    </form>
  );
}
