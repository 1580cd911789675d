import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { CallContext } from '../app/context';
import { badRequest } from '../errors';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The parameters a route pattern names, as a type: `'/v1/spaces/{spaceId}/content/page/{pageId}'` gives
 * `{ spaceId: string; pageId: string }` (`{path+}` names one too). A handler reading a parameter its pattern
 * does not name fails to compile; one its pattern names needs no `!`.
 */
export type PathParams<Pattern extends string> = string extends Pattern
  ? Record<string, string>
  : { [Name in ParamNames<Pattern>]: string };

type ParamNames<Pattern extends string> = Pattern extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Base}+` ? Base : Name) | ParamNames<Rest>
  : never;

/**
 * What a route declares where it is registered, so a reader sees its whole contract on one line and the
 * router, not each handler, checks the input:
 * - `effect`: `'read'` routes only read the store. They run in one read snapshot (store/read-snapshot.ts);
 *   under test (`AppConfig.checkReadRoutes`) a write inside one fails, so the declaration cannot drift.
 *   `'write'` routes may write.
 * - `query`, `body`: the schemas (src-shared/schemas) the query string and the JSON body are parsed with
 *   before the handler runs; the first problem answers 400 naming the field. The handler receives what they
 *   output; a route declaring none receives `undefined`.
 * - `repeatedQuery`: query parameters GitBook's client repeats (`authors=a&authors=b`), handed to the schema
 *   as arrays (comma-separated values taken too), absent when not given.
 * - `optionalBody`: GitBook marks the body optional; an absent one parses as `{}`.
 */
export interface RouteSpec {
  effect: 'read' | 'write';
  query?: z.ZodType;
  repeatedQuery?: readonly string[];
  body?: z.ZodType;
  optionalBody?: true;
}

type InputSpec = Pick<RouteSpec, 'query' | 'body'>;

/** What a schema the spec declares outputs, else undefined. */
type Declared<Spec, Key extends 'query' | 'body'> = Spec extends { [K in Key]: infer Schema extends z.ZodType } ? z.output<Schema> : undefined;

/** What a handler sees: the caller's context, path parameters, and the query and body its spec parsed. */
interface RequestInput<Params, Spec extends InputSpec> {
  ctx: CallContext;
  params: Params;
  query: Declared<Spec, 'query'>;
  body: Declared<Spec, 'body'>;
  req: IncomingMessage;
}

/** What a handler returns: a status and a JSON body (none for 204/205; bytes, sent as they are, for a download), plus optional headers. */
export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A handler; `Spec` names the schemas its route declares (`{ query: typeof listQuery }`) when written apart from it. */
export type Handler<Params = Record<string, string>, Spec extends InputSpec = RouteSpec> = (
  input: RequestInput<Params, Spec>,
) => RouteResult | Promise<RouteResult>;

/** A route as the dispatcher runs it: its spec, and its handler taking the parsed input. */
export interface Route {
  method: HttpMethod;
  pattern: string;
  spec: RouteSpec;
  handler: (input: Omit<RequestInput<Record<string, string>, RouteSpec>, 'query' | 'body'> & { query: unknown; body: unknown }) => RouteResult | Promise<RouteResult>;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: HttpMethod[] }
  | { kind: 'none' };

/** A table of `METHOD /v1/path/{param}` routes. Patterns use the spec's `{name}` syntax. */
export class Router {
  private readonly routes: CompiledRoute[] = [];

  add<Pattern extends string, const Spec extends RouteSpec>(
    method: HttpMethod,
    pattern: Pattern,
    spec: Spec,
    handler: Handler<PathParams<Pattern>, NoInfer<Spec>>,
  ): this {
    const names: string[] = [];
    // `{name}` matches one path segment; `{name+}` the rest of the path (a page path has slashes).
    const source = pattern.replace(/[.*?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)(\+?)\}/g, (_m, name: string, rest: string) => {
      names.push(name);
      return rest ? '(.+)' : '([^/]+)';
    });
    // The match hands the handler exactly the parameters its pattern names (PathParams), and the input its
    // spec parsed (Declared), so the handler's own types hold.
    this.routes.push({ method, pattern, spec, regex: new RegExp(`^${source}$`), names, handler: handler as unknown as Route['handler'] });
    return this;
  }

  get<Pattern extends string, const Spec extends RouteSpec>(pattern: Pattern, spec: Spec, handler: Handler<PathParams<Pattern>, NoInfer<Spec>>) {
    return this.add('GET', pattern, spec, handler);
  }
  post<Pattern extends string, const Spec extends RouteSpec>(pattern: Pattern, spec: Spec, handler: Handler<PathParams<Pattern>, NoInfer<Spec>>) {
    return this.add('POST', pattern, spec, handler);
  }
  put<Pattern extends string, const Spec extends RouteSpec>(pattern: Pattern, spec: Spec, handler: Handler<PathParams<Pattern>, NoInfer<Spec>>) {
    return this.add('PUT', pattern, spec, handler);
  }
  patch<Pattern extends string, const Spec extends RouteSpec>(pattern: Pattern, spec: Spec, handler: Handler<PathParams<Pattern>, NoInfer<Spec>>) {
    return this.add('PATCH', pattern, spec, handler);
  }
  delete<Pattern extends string, const Spec extends RouteSpec>(pattern: Pattern, spec: Spec, handler: Handler<PathParams<Pattern>, NoInfer<Spec>>) {
    return this.add('DELETE', pattern, spec, handler);
  }

  /** Every route, in registration order (the route index, docs/routes.md, reads them). */
  list(): readonly Route[] {
    return this.routes;
  }

  match(method: string, path: string): RouteMatch {
    const allowed: HttpMethod[] = [];
    for (const route of this.routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodePathSegment(name, m[i + 1]!);
      });
      return { kind: 'found', route, params };
    }
    return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function decodePathSegment(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(`${name}: malformed percent-encoding in the path`);
  }
}
