import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApiRouter } from '../../src-main/http/api-router';
import { routeIndexMarkdown, routeRows } from '../support/route-index';

describe('docs/routes.md', () => {
  it('lists every route the API router serves, as the route files write them (paths literally)', () => {
    // With what each registration declares: the page reads the sources, the router runs the registrations.
    const served = createApiRouter()
      .list()
      .map((r) => `${r.method} ${r.pattern} ${r.spec.effect}`);
    const listed = routeRows().map((row) => `${row.method} ${row.path} ${row.effect}`);
    expect([...listed].sort()).toEqual([...served].sort());
  });

  it('is what the generator makes of the code now (run `npm run docs:routes` after changing a route)', () => {
    expect(readFileSync(new URL('../../docs/routes.md', import.meta.url), 'utf8')).toBe(routeIndexMarkdown());
  });
});
