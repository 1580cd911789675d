import { z } from 'zod';
import { listQuery } from './common';
import { emoji } from './content';

export const pageTitle = z.string().trim().min(1).max(255);

const placement = {
  /** Parent page; null or absent: the root of the space. */
  parent: z.string().min(1).nullable().optional(),
  before: z.string().min(1).optional(),
  after: z.string().min(1).optional(),
};

export const createPageInput = z
  .strictObject({
    title: pageTitle,
    kind: z.enum(['document', 'group']).optional(),
    emoji: emoji.optional(),
    description: z.string().max(1000).optional(),
    markdown: z.string().max(5_000_000).optional(),
    ...placement,
  })
  .refine((i) => !(i.before && i.after), { message: 'give either before or after, not both', path: ['before'] });
export type CreatePageInput = z.infer<typeof createPageInput>;

export const updatePageInput = z.strictObject({
  title: pageTitle.optional(),
  emoji: emoji.nullable().optional(),
  description: z.string().max(1000).nullable().optional(),
  hidden: z.boolean().optional(),
});
export type UpdatePageInput = z.infer<typeof updatePageInput>;

export const movePageInput = z
  .strictObject(placement)
  .refine((i) => !(i.before && i.after), { message: 'give either before or after, not both', path: ['before'] });
export type MovePageInput = z.infer<typeof movePageInput>;

export const pageFormatQuery = z.object({
  format: z.enum(['document', 'markdown']).optional(),
  evaluated: z.enum(['true', 'false']).optional(),
  metadata: z.enum(['true', 'false']).optional(),
  computed: z.enum(['true', 'false']).optional(),
});
export type PageFormatQuery = z.infer<typeof pageFormatQuery>;

export const revisionQuery = z.object({
  metadata: z.enum(['true', 'false']).optional(),
  computed: z.enum(['true', 'false']).optional(),
});

/** The files of a space's content or a change request's, a page at a time. */
export const listFilesQuery = listQuery.extend(revisionQuery.shape);
