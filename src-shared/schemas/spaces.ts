import { z } from 'zod';
import { mergeRulesSpace } from './merge-rules';
import { defaultLevel, emoji } from './content';

export const spaceTitle = z.string().max(50);

export const createSpaceBody = z.strictObject({
  title: spaceTitle.optional(),
  emoji: emoji.optional(),
  parent: z.string().min(1).optional(),
  editMode: z.enum(['live', 'locked']).optional(),
});
export type CreateSpaceInput = z.infer<typeof createSpaceBody>;

export const updateSpaceBody = z.strictObject({
  editMode: z.enum(['live', 'locked']).optional(),
  title: spaceTitle.optional(),
  defaultLevel: defaultLevel.optional(),
  emoji: emoji.nullable().optional(),
  mergeRules: mergeRulesSpace.optional(),
});
export type UpdateSpaceInput = z.infer<typeof updateSpaceBody>;

export const getSpaceQuery = z.object({ shareKey: z.string().max(256).optional() });
