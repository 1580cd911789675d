import { z } from 'zod';

/** duplicateSiteSpace's body (GitBook 0.202.0). */
export const duplicateSiteSpaceBody = z.strictObject({ draft: z.boolean().optional() });
