import { z } from 'zod';
import { listQuery } from './common';
import { TRANSLATION_LANGUAGES } from './translations';

// GitBook's translation glossary (GlossaryEntry, GlossaryTranslations, GlossaryBatchOperation; the newest spec):
// the terms an organization's translations must render one way, each as language code → term.

/** The newest spec's TranslationLanguage: 0.137's and `zh-tw`. */
export const GLOSSARY_LANGUAGES = [...TRANSLATION_LANGUAGES, 'zh-tw'] as const;
export const glossaryLanguage = z.enum(GLOSSARY_LANGUAGES);
export type GlossaryLanguage = z.infer<typeof glossaryLanguage>;

/** One term: 1-255 characters on one line (GlossaryTranslations). */
const term = z.string().min(1).max(255).regex(/^[^\n\r]*$/, 'a term is one line');

/** Language code → term, for one language at least. */
export const glossaryTranslations = z
  .partialRecord(glossaryLanguage, term)
  .refine((translations) => Object.keys(translations).length > 0, 'give the term in one language at least');
export type GlossaryTranslations = z.infer<typeof glossaryTranslations>;

/** How many entries one request may insert, update or delete (the spec gives no bound). */
export const MAX_GLOSSARY_OPERATIONS = 1_000;

export const glossaryBatchOperation = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('insert'), translations: glossaryTranslations }),
  z.strictObject({ type: z.literal('update'), id: z.string().min(1).max(64), translations: glossaryTranslations }),
  z.strictObject({ type: z.literal('delete'), id: z.string().min(1).max(64) }),
]);
export type GlossaryBatchOperation = z.infer<typeof glossaryBatchOperation>;

export const updateGlossaryEntriesBody = z.strictObject({ operations: z.array(glossaryBatchOperation).max(MAX_GLOSSARY_OPERATIONS) });

/** `orderBy`: sort by the term in that language (entries without one last), else in the order they were added. */
export const listGlossaryEntriesQuery = listQuery.extend({ orderBy: glossaryLanguage.optional() });
export type ListGlossaryEntriesQuery = z.infer<typeof listGlossaryEntriesQuery>;
