import { z } from 'zod';
import { listQuery } from './common';

// GitBook 0.137.0's translations (components Translation, TranslationSource, TranslationLanguage): a
// translation turns a source space in one language into another language. The API description calls the
// object "TranslationSettings" with a `title` and `languages`; both are kept alongside the spec's fields.
export const TRANSLATION_LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export const translationLanguage = z.enum(TRANSLATION_LANGUAGES);
/** The description gives no bound: Folio takes 1-100 characters (a space title's length is 1-50; room for "→ fr"). */
export const translationTitle = z.string().trim().min(1).max(100);

/** A JSON document kept as JSON text, at most this long (it is read by people writing a glossary, not a book). */
const MAX_INSTRUCTIONS_JSON = 100_000;

/**
 * GitBook's JSONDocument: `{object: "document", data, nodes}`, whose nodes are blocks. Each node is checked
 * to be a block (an object with `object: "block"` and a `type`); a block's own fields are not checked here.
 */
export const jsonDocument = z
  .strictObject({
    object: z.literal('document'),
    data: z.record(z.string(), z.unknown()).default({}),
    nodes: z.array(z.looseObject({ object: z.literal('block'), type: z.string().min(1).max(64) })).max(1000),
  })
  .refine((doc) => JSON.stringify(doc).length <= MAX_INSTRUCTIONS_JSON, `must be at most ${MAX_INSTRUCTIONS_JSON} characters as JSON`);
export type JsonDocument = z.infer<typeof jsonDocument>;

export const listTranslationsQuery = listQuery;

export const createTranslationBody = z.strictObject({
  source: z.strictObject({ space: z.string().min(1).max(64), language: translationLanguage }),
  language: translationLanguage,
  instructions: jsonDocument.optional(),
  title: translationTitle.optional(),
});
export type CreateTranslationInput = z.infer<typeof createTranslationBody>;

/** The spec's PUT takes `instructions`, the description's `title`: at least one of them. */
export const updateTranslationBody = z
  .strictObject({
    instructions: jsonDocument.optional(),
    title: translationTitle.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.instructions === undefined && body.title === undefined) {
      ctx.addIssue({ code: 'custom', path: ['instructions'], message: 'Required (or give a title)', input: body });
    }
  });
export type UpdateTranslationInput = z.infer<typeof updateTranslationBody>;
