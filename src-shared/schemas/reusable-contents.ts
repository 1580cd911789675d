import { z } from 'zod';

/** A reusable content's title: what the app lists it by and Git Sync writes in its file's front matter. */
export const reusableContentTitle = z.string().trim().min(1, 'give the reusable content a title').max(200);

export const createReusableContentInput = z.object({
  title: reusableContentTitle,
  markdown: z.string().max(1_000_000).optional(),
});
