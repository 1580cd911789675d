import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { StoreApi } from 'zustand/vanilla';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '../../../../src-shared/schemas/translations';
import type { AppRouter, Page } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { createOrgSectionStore, type OrgSectionState } from '../../stores/org-section';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
export type Translation = Outputs['translations']['get'];
export { TRANSLATION_LANGUAGES, type TranslationLanguage };

/** Translations listed in the settings (an organization has a handful: one per language and space). */
const TRANSLATIONS_LIMIT = 100;
export const TRANSLATION_TITLE_MAX = 100;

/** The slice of the tRPC client the translations section uses. */
export interface TranslationsClient {
  translations: {
    list: { query(input: Inputs['translations']['list']): Promise<Page<Translation>> };
    create: { mutate(input: Inputs['translations']['create']): Promise<Translation> };
    update: { mutate(input: Inputs['translations']['update']): Promise<Translation> };
    delete: { mutate(input: Inputs['translations']['delete']): Promise<{ deleted: boolean }> };
  };
}

type TranslationsAction = 'create' | 'rename' | 'delete';

interface NewTranslationInput {
  spaceId: string;
  sourceLanguage: TranslationLanguage;
  language: TranslationLanguage;
  title?: string;
}

interface TranslationsWrites {
  create(input: NewTranslationInput): Promise<Translation | undefined>;
  rename(translationId: string, title: string): Promise<boolean>;
  remove(translationId: string): Promise<boolean>;
}

type TranslationsState = OrgSectionState<Translation, TranslationsAction> & TranslationsWrites;
export type TranslationsStore = StoreApi<TranslationsState>;

/** A language code in the reader's words: `fr` → "French (fr)". */
export function languageName(code: string, locale?: string): string {
  try {
    const name = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** What a translation is called: its title, or its languages when it has none. */
export function translationName(t: Pick<Translation, 'title' | 'source' | 'language'>): string {
  return t.title ?? `${t.source.language} → ${t.language}`;
}

const checkTitle = (raw: string): { title: string } | { error: string } => {
  const title = raw.trim();
  if (!title) return { error: 'title: give the translation a title' };
  if (title.length > TRANSLATION_TITLE_MAX) return { error: `title: at most ${TRANSLATION_TITLE_MAX} characters` };
  return { title };
};

/** The organization's translation settings (Folio keeps them; translating needs a service it does not have). */
export function createTranslationsStore({ client, onUnauthorized }: FeatureDependencies<TranslationsClient>): TranslationsStore {
  return createOrgSectionStore<Translation, TranslationsAction, TranslationsWrites>(
    (organizationId) => client.translations.list.query({ organizationId, limit: TRANSLATIONS_LIMIT }),
    onUnauthorized,
    ({ write, refuse, change }) => ({
      async create(input) {
        if (!input.spaceId) return refuse('create', 'source.space: choose the space to translate');
        if (input.sourceLanguage === input.language) return refuse('create', 'language: choose a language other than the source’s');
        let title: string | undefined;
        if (input.title?.trim()) {
          const checked = checkTitle(input.title);
          if ('error' in checked) return refuse('create', checked.error);
          title = checked.title;
        }
        const made = await write(
          'create',
          (organizationId) =>
            client.translations.create.mutate({ organizationId, source: { space: input.spaceId, language: input.sourceLanguage }, language: input.language, ...(title ? { title } : {}) }),
          (created) => `Created the translation “${translationName(created)}”.`,
        );
        if (made) change((items) => [...items, made], 1);
        return made;
      },
      async rename(translationId, raw) {
        const checked = checkTitle(raw);
        if ('error' in checked) return refuse('rename', checked.error) ?? false;
        const renamed = await write(
          'rename',
          (organizationId) => client.translations.update.mutate({ organizationId, translationId, title: checked.title }),
          (t) => `Renamed the translation to “${translationName(t)}”.`,
        );
        if (renamed) change((items) => items.map((t) => (t.id === renamed.id ? renamed : t)));
        return renamed !== undefined;
      },
      async remove(translationId) {
        const done = await write('delete', (organizationId) => client.translations.delete.mutate({ organizationId, translationId }), () => 'Deleted the translation.');
        if (done) change((items) => items.filter((t) => t.id !== translationId), -1);
        return done !== undefined;
      },
    }),
  );
}
