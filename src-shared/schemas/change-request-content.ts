import { z } from 'zod';
import { queryBoolean } from './common';
import { emoji } from './content';
import { mediaType } from './header-values';

/** A page body: markdown, GitBook's JSON document, or nothing (`{}`). */
const documentInput = z.union([
  z.strictObject({ markdown: z.string().max(5_000_000) }),
  z.strictObject({ document: z.record(z.string(), z.unknown()) }),
  z.strictObject({}),
]);

const pageFields = {
  title: z.string().min(1).max(255).optional(),
  slug: z.string().max(100).optional(),
  emoji: emoji.optional(),
  icon: z.string().max(50).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  condition: z.string().max(1024).optional(),
};

const insertPage = z.strictObject({
  operation: z.literal('insert_page'),
  document: documentInput,
  into: z.string().min(1).optional(),
  at: z.number().int().min(0).optional(),
  ref: z.string().min(1).max(100).optional(),
  ...pageFields,
});

const updatePage = z.strictObject({
  operation: z.literal('update_page'),
  page: z.string().min(1),
  document: documentInput.optional(),
  into: z.string().min(1).nullable().optional(),
  at: z.number().int().min(0).optional(),
  ...pageFields,
});

const deletePage = z.strictObject({ operation: z.literal('delete_page'), page: z.string().min(1) });

const revertPage = z.strictObject({
  operation: z.literal('revert_page'),
  page: z.string().min(1),
  revision: z.string().min(1).optional(),
  block: z.array(z.string()).optional(),
});

const fileInput = z
  .strictObject({
    ref: z.string().min(1).max(100).optional(),
    name: z.string().min(1).max(256),
    contentType: mediaType.optional(),
    url: z.url({ protocol: /^https?$/ }).max(2048).optional(),
    base64: z.string().max(70_000_000).optional(),
  })
  .refine((f) => (f.url === undefined) !== (f.base64 === undefined), 'give either url or base64');

const insertFiles = z.strictObject({
  operation: z.literal('insert_files'),
  files: z.array(fileInput).min(1).max(20),
});

const contentChange = z.discriminatedUnion('operation', [insertPage, updatePage, deletePage, revertPage, insertFiles]);
export type ContentChange = z.infer<typeof contentChange>;

export const contentChangesBody = z.strictObject({ changes: z.array(contentChange).min(1).max(50) });
export const contentChangesQuery = z.object({ compat: queryBoolean.optional() });
