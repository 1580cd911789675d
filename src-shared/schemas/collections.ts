import { z } from 'zod';
import { listQuery, queryBoolean } from './common';
import { defaultLevel } from './content';

const collectionTitle = z.string().max(50);

export const listCollectionsQuery = listQuery.extend({ nested: queryBoolean.optional() });

export const createCollectionBody = z.strictObject({
  title: collectionTitle.optional(),
  parent: z.string().min(1).optional(),
});
export type CreateCollectionInput = z.infer<typeof createCollectionBody>;

export const updateCollectionBody = z.strictObject({
  title: collectionTitle.optional(),
  description: z.string().max(100).optional(),
  defaultLevel: defaultLevel.optional(),
});
export type UpdateCollectionInput = z.infer<typeof updateCollectionBody>;
