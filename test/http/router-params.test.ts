import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { type PathParams, Router } from '../../src-main/http/router';

// Types checked by `npm run typecheck` (test/ is in tsconfig.json): each line must compile, or fail to.
const typed: PathParams<'/v1/spaces/{spaceId}/content/page/{pageId}'> = { spaceId: 's', pageId: 'p' };
// @ts-expect-error the pattern names no collectionId
const wrong: PathParams<'/v1/spaces/{spaceId}'> = { collectionId: 'c' };
const rest: PathParams<'/v1/spaces/{spaceId}/content/path/{pagePath+}'> = { spaceId: 's', pagePath: 'a/b' };

describe('route patterns', () => {
  it("hand a handler the parameters its pattern names, typed by the pattern (a `{name+}` one included)", () => {
    const router = new Router();
    let seen: { spaceId: string; pagePath: string } | undefined;
    router.get('/v1/spaces/{spaceId}/content/path/{pagePath+}', { effect: 'read' }, ({ params }) => {
      seen = params;
      // @ts-expect-error not a parameter of this pattern
      void params.pageId;
      return { status: 200 };
    });
    const match = router.match('GET', '/v1/spaces/s1/content/path/guides/setup');
    expect(match.kind).toBe('found');
    if (match.kind === 'found') void match.route.handler({ params: match.params } as never);
    expect(seen).toEqual({ spaceId: 's1', pagePath: 'guides/setup' });
    expect([typed, wrong, rest].length).toBe(3);
  });
});

describe('route specs', () => {
  it('type the query and body a handler receives by the schemas its registration declares', () => {
    const router = new Router();
    const listQuery = z.object({ limit: z.coerce.number().optional() });
    const titleBody = z.object({ title: z.string() });
    router.post('/v1/things', { effect: 'write', query: listQuery, body: titleBody }, ({ query, body }) => {
      const limit: number | undefined = query.limit;
      const title: string = body.title;
      // @ts-expect-error the body schema has no `emoji`
      void body.emoji;
      return { status: 200, body: { limit, title } };
    });
    router.get('/v1/things/{thingId}', { effect: 'read' }, ({ query, body }) => {
      // A route declaring no schema receives none: it cannot read input nobody checked.
      const none: undefined = query ?? body;
      return { status: 200, body: none };
    });
    expect(router.list().map((route) => [route.method, route.pattern, route.spec.effect])).toEqual([
      ['POST', '/v1/things', 'write'],
      ['GET', '/v1/things/{thingId}', 'read'],
    ]);
  });
});
