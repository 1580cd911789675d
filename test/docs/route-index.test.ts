import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApiRouter } from '../../src-main/http/api-router';
import { routeIndexMarkdown, routeRows } from '../support/route-index';

describe('docs/routes.md', () => {
  it('lists every route the API router serves, as the route files write them (paths literally)', () => {
    const served = (createApiRouter() as unknown as { routes: Array<{ method: string; pattern: string }> }).routes.map((r) => `${r.method} ${r.pattern}`);
    const listed = routeRows().map((row) => `${row.method} ${row.path}`);
    expect([...listed].sort()).toEqual([...served].sort());
  });

  it('is what the generator makes of the code now (run `npm run docs:routes` after changing a route)', () => {
    expect(readFileSync(new URL('../../docs/routes.md', import.meta.url), 'utf8')).toBe(routeIndexMarkdown());
  });
});
