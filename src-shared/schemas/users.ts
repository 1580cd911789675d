import { z } from 'zod';
import { email, uri } from './common';

/** GitBook's `displayName`: 1 to 64 characters (updateUserById). */
export const displayName = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

/**
 * PATCH /v1/users/{userId}: GitBook's displayName and photoURL, and Folio's `email` (GitBook changes an
 * account's email outside its API; Folio has no other place to change it). At least one field.
 */
export const updateUserBody = z
  .strictObject({ displayName: displayName.optional(), email: email.optional(), photoURL: uri.optional() })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of displayName, email, photoURL');
export type UpdateUserInput = z.infer<typeof updateUserBody>;
