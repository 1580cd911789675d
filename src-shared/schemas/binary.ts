import { z } from 'zod';

/** Binary payloads (Yjs updates, state vectors) travel as base64 inside JSON. At most 8 MiB. */
export const base64Bytes = z
  .string()
  .max(Math.ceil((8 * 1024 * 1024 * 4) / 3) + 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
  .refine((s) => s.length % 4 === 0, 'must be base64');
