import type { IncomingMessage } from 'node:http';
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

/** What a handler sees: the caller's context, path parameters, the query string and the parsed JSON body. */
interface RequestInput<Params = Record<string, string>> {
  ctx: CallContext;
  params: Params;
  query: Record<string, string>;
  body: unknown;
  req: IncomingMessage;
}

/** What a handler returns: a status and a JSON body (none for 204/205; bytes, sent as they are, for a download), plus optional headers. */
export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler<Params = Record<string, string>> = (input: RequestInput<Params>) => RouteResult | Promise<RouteResult>;

interface Route {
  method: HttpMethod;
  pattern: string;
  regex: RegExp;
  names: string[];
  handler: Handler;
}

type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: HttpMethod[] }
  | { kind: 'none' };

/** A table of `METHOD /v1/path/{param}` routes. Patterns use the spec's `{name}` syntax. */
export class Router {
  private readonly routes: Route[] = [];

  add<Pattern extends string>(method: HttpMethod, pattern: Pattern, handler: Handler<PathParams<Pattern>>): this {
    const names: string[] = [];
    // `{name}` matches one path segment; `{name+}` the rest of the path (a page path has slashes).
    const source = pattern.replace(/[.*?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)(\+?)\}/g, (_m, name: string, rest: string) => {
      names.push(name);
      return rest ? '(.+)' : '([^/]+)';
    });
    // The match hands the handler exactly the parameters its pattern names (PathParams).
    this.routes.push({ method, pattern, regex: new RegExp(`^${source}$`), names, handler: handler as Handler });
    return this;
  }

  get<Pattern extends string>(pattern: Pattern, handler: Handler<PathParams<Pattern>>) {
    return this.add('GET', pattern, handler);
  }
  post<Pattern extends string>(pattern: Pattern, handler: Handler<PathParams<Pattern>>) {
    return this.add('POST', pattern, handler);
  }
  put<Pattern extends string>(pattern: Pattern, handler: Handler<PathParams<Pattern>>) {
    return this.add('PUT', pattern, handler);
  }
  patch<Pattern extends string>(pattern: Pattern, handler: Handler<PathParams<Pattern>>) {
    return this.add('PATCH', pattern, handler);
  }
  delete<Pattern extends string>(pattern: Pattern, handler: Handler<PathParams<Pattern>>) {
    return this.add('DELETE', pattern, handler);
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
      return { kind: 'found', handler: route.handler, params };
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
