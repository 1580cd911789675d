import { z } from 'zod';
import { memberRoleOrGuest } from './common';

/** `defaultLevel` of a collection or space: a role, null (no default access) or `inherit`. */
export const defaultLevel = z.union([memberRoleOrGuest, z.literal('inherit')]);

export const emoji = z.string().min(1).max(50);

/** Where to put a space or collection among its siblings: before or after one of them. */
const siblingPointer = z.union([
  z.strictObject({ type: z.literal('space'), space: z.string().min(1) }),
  z.strictObject({ type: z.literal('collection'), collection: z.string().min(1) }),
]);
const contentPosition = z
  .strictObject({ before: siblingPointer.optional(), after: siblingPointer.optional() })
  .refine((p) => !(p.before && p.after), 'give either before or after, not both');
export type ContentPosition = z.infer<typeof contentPosition>;

export const moveBody = z
  .strictObject({ parent: z.string().min(1).nullable().optional(), position: contentPosition.optional() })
  .refine((b) => b.parent !== undefined || b.position !== undefined, 'give a parent, a position, or both');
export type MoveInput = z.infer<typeof moveBody>;

export const transferBody = z.strictObject({ organization: z.string().min(1) });
