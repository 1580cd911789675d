import { z } from 'zod';
import { listQuery } from './common';

export const searchQuery = listQuery.extend({ query: z.string().trim().min(1).max(512) });
export type SearchQuery = z.infer<typeof searchQuery>;
