import { z } from 'zod';

// GitBook 0.202.0's custom fonts (createCustomFont, updateCustomFont). A face's `storageKey` names its file in
// GitBook's storage; Folio has no such bucket, so the key is the file's own https address (checked by the service).

const fontFamily = z.string().trim().min(1).max(50);
const weight = z.int('must be a whole number').min(1).max(1000);
const storageKey = z.string().min(1).max(512);

export const createCustomFontBody = z.strictObject({
  fontFamily,
  fontFaces: z.array(z.strictObject({ weight, storageKey })).min(1).max(20),
});
export type CreateCustomFontInput = z.infer<typeof createCustomFontBody>;

export const updateCustomFontBody = z.strictObject({
  fontFamily: fontFamily.optional(),
  /** A `null` key removes that weight. */
  fontFaces: z.array(z.strictObject({ weight, storageKey: storageKey.nullable() })).max(20).optional(),
});
export type UpdateCustomFontInput = z.infer<typeof updateCustomFontBody>;
