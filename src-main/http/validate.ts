import type { z } from 'zod';
import { badRequest } from '../errors';
import type { RouteSpec } from './router';

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

/**
 * The query and body a route's spec declares, parsed (query first); what it declares nothing for is
 * undefined. `url` supplies the repeated query parameters: Node's parsed query keeps the last of each.
 */
export function parseRouteInput(spec: RouteSpec, url: URL, body: unknown): { query: unknown; body: unknown } {
  let query: unknown;
  if (spec.query) {
    const raw: Record<string, unknown> = Object.fromEntries(url.searchParams);
    for (const name of spec.repeatedQuery ?? []) raw[name] = repeatedParam(url, name);
    query = parseInput(spec.query, raw, 'query');
  }
  const parsedBody = spec.body ? parseInput(spec.body, spec.optionalBody ? (body ?? {}) : body) : undefined;
  return { query, body: parsedBody };
}

/**
 * Every value of an array query parameter. GitBook's client repeats the name (`authors=a&authors=b`); comma-
 * separated values are taken too. Undefined when absent, so a filter stays off.
 */
function repeatedParam(url: URL, name: string): string[] | undefined {
  const values = url.searchParams
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  return values.length ? values : undefined;
}
