import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { titleOrUntitled } from '../../format';
import { languageName, type Translation, TRANSLATION_TITLE_MAX, translationName } from './translations-store';
import { PlusIcon } from '../Icons';
import { InlineConfirm } from '../sites/InlineConfirm';
import { RenameForm } from '../sites/RenameForm';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useSpaces } from '../stores-context';
import { NewTranslationForm } from './NewTranslationForm';

/** The organization's translation settings: a source space and language into a target language. */
export function TranslationsSection({ organization }: { organization: Organization }) {
  const { translations } = useAppStores();
  const list = useStore(translations, (state) => state.list);
  const notice = useStore(translations, (state) => state.notice);
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const canEdit = organization.permissions.admin;

  useEffect(() => {
    void translations.getState().load(organization.id);
  }, [translations, organization.id]);

  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  return (
    <section className="section org-settings" id="translations" aria-labelledby="translations-title">
      <div className="section__header">
        <h2 id="translations-title">Translations</h2>
        {list.status === 'ready' && <span className="pill">{list.count.toLocaleString()}</span>}
        {canEdit && (
          <div className="section__actions">
            <button
              ref={newButton}
              className="button"
              type="button"
              aria-expanded={creating}
              onClick={() => {
                translations.getState().clearError('create');
                if (creating) closeForm();
                else setCreating(true);
              }}
            >
              <PlusIcon />
              New translation
            </button>
          </div>
        )}
      </div>
      <p className="hint">Folio keeps translation settings; translating the content needs a machine-translation service it does not have.</p>
      {creating && <NewTranslationForm onCancel={closeForm} onCreated={() => setCreating(false)} />}
      {list.status === 'idle' || list.status === 'loading' ? (
        <StatusMessage kind="loading">Loading translations…</StatusMessage>
      ) : list.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void translations.getState().load(organization.id, true)}>
          Could not load translations: {list.message}
        </StatusMessage>
      ) : list.items.length === 0 ? (
        <StatusMessage kind="empty">No translations yet.</StatusMessage>
      ) : (
        <ul className="org-settings__list" aria-label="Translations">
          {list.items.map((translation) => (
            <li key={translation.id}>
              <TranslationRow translation={translation} canEdit={canEdit && translation.permissions.edit} />
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </section>
  );
}

function TranslationRow({ translation, canEdit }: { translation: Translation; canEdit: boolean }) {
  const { translations } = useAppStores();
  const pending = useStore(translations, (state) => state.pending.rename === true || state.pending.delete === true);
  const renameError = useStore(translations, (state) => state.errors.rename);
  const deleteError = useStore(translations, (state) => state.errors.delete);
  const space = useSpaces((state) => (state.tree.status === 'ready' ? state.tree.spaces.find((s) => s.id === translation.source.space) : undefined));
  const [renaming, setRenaming] = useState(false);
  const name = translationName(translation);

  return (
    <div className="org-settings__row">
      {renaming ? (
        <RenameForm
          what={`the translation ${name}`}
          initial={translation.title ?? ''}
          maxLength={TRANSLATION_TITLE_MAX}
          pending={pending}
          onSave={(title) => translations.getState().rename(translation.id, title)}
          onCancel={() => {
            translations.getState().clearError('rename');
            setRenaming(false);
          }}
        />
      ) : (
        <span className="org-settings__text">
          <span className="org-settings__title">{name}</span>
          <span className="org-settings__meta">
            {space ? titleOrUntitled(space.title, 'space') : translation.source.space}: {languageName(translation.source.language)} → {languageName(translation.language)}
          </span>
        </span>
      )}
      {canEdit && !renaming && (
        <span className="org-settings__actions">
          <button className="button button--quiet" type="button" aria-label={`Rename the translation ${name}`} onClick={() => setRenaming(true)}>
            Rename
          </button>
          <InlineConfirm
            label="Delete"
            name={`Delete the translation ${name}`}
            confirm={`Delete “${name}”`}
            pending={pending}
            onConfirm={() => void translations.getState().remove(translation.id)}
          />
        </span>
      )}
      {renaming && renameError && (
        <p className="error-text" role="alert">
          {renameError}
        </p>
      )}
      {deleteError && (
        <p className="error-text" role="alert">
          {deleteError}
        </p>
      )}
    </div>
  );
}
