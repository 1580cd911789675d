import type { z } from 'zod';
import { badRequest } from '../errors';

/**
 * Parses input with a schema defined once in src-shared/schemas; the first problem becomes a 400
 * whose message names the field, e.g. `title: Too small: expected string to have >=2 characters`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query' | 'input' = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(describeIssue(result.error.issues[0]!, where));
}

/** A schema problem in Folio's words: the field first, then what is wrong with it. */
export function describeIssue(issue: z.core.$ZodIssue, where: string): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : where;
  const unknownKeys = issue.code === 'unrecognized_keys' ? `: ${issue.keys.join(', ')}` : '';
  return `${path}: ${issue.message}${unknownKeys}`;
}
