import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApiRouter } from '../../src-main/http/api-router';
import { routeIndexMarkdown, routeRows } from '../support/route-index';

/** A name's words, compared without case or number: `listRepliesForCaller` → list, reply, for, caller. */
const words = (name: string) =>
  (name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? []).map((word) =>
    word.toLowerCase().replace(/ies$/, 'y').replace(/([^s])s$/, '$1'),
  );

/** The little words a name may have or not: `integrations.listForSpace` for `listSpaceIntegrationsForCaller`. */
const LITTLE = new Set(['for', 'of', 'by', 'at', 'on', 'in', 'to', 'with', 'from']);

/**
 * The rule: a procedure is named after the service function it calls. Its name (the last part of its path) is the
 * service's name with words left out, usually those its router key already says (`collections.listSpaces` for
 * `listCollectionSpaces`, `changeRequests.edit` for `editChangeRequest`) and qualifiers (`…ForCaller`,
 * `…Settings`, `…ById`). The leading word, the verb, is always the same, and no word is added: `search.searchSpace`
 * for `searchSpace`. Words compare without case, singular or plural, and little words (for, of, by...) don't count.
 */
function namedAfter(procedure: string, service: string): boolean {
  const name = words(procedure.split('.').pop()!);
  const of = words(service);
  if (name[0] !== of[0]) return false;
  const left = of.filter((word) => !LITTLE.has(word));
  let at = 0;
  for (const word of name.filter((w) => !LITTLE.has(w))) {
    at = left.indexOf(word, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The procedures not named after their service, each with the service and why. An exception lapses (and the test
 * says so) when its procedure stops calling that service or comes to follow the rule.
 */
const EXCEPTIONS: Record<string, { service: string; why: string }> = {
  // One read, two answers for the app: GitBook's pages with bodies, and the light outline. Each is named for what
  // it answers; neither could take `contentOfTree`'s name, which says how it reads, not what.
  'content.pages': { service: 'contentOfTree', why: 'the page tree as /v1 answers it, one of two answers of the same read' },
  'content.outline': { service: 'contentOfTree', why: "the app's page outline, one of two answers of the same read" },
  // `withSubtree` adds a page's subpages to a page found by the caller; `content.page` reads one page as pages does.
  'content.page': { service: 'withSubtree', why: 'one page, named as content.pages is; withSubtree is the step, not the read' },
  // The import runs in the background: the procedure answers a job id for content.importStatus, not the import.
  'content.startImport': { service: 'importIntoSpace', why: 'starts importIntoSpace as a job and answers its id' },
  // The app asks aggregateSiteEvents one fixed question (PAGE_VIEWS_QUERY); the procedure is named for it.
  'sites.insights.pageViews': { service: 'aggregateSiteEvents', why: 'aggregateSiteEvents with the one question the app asks: page views per day' },
};

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

describe('tRPC procedures are named after the service function they call', () => {
  const pairs = routeRows().flatMap((row) => row.procedures.map((procedure) => ({ row, procedure })));

  it('on every row of the route index: the service name with words left out, the same leading verb', () => {
    const offending = pairs
      .filter(({ row, procedure }) => !namedAfter(procedure, row.service) && EXCEPTIONS[procedure]?.service !== row.service)
      .map(({ row, procedure }) => `${row.method} ${row.path}: ${row.service} ↔ ${procedure}`);
    expect(offending, `rename the procedure (or, if nothing else fits, add an exception with a reason):\n${offending.join('\n')}`).toEqual([]);
  });

  it('with exceptions only where still needed', () => {
    const stale = Object.entries(EXCEPTIONS)
      .filter(([procedure, { service }]) => !pairs.some((pair) => pair.procedure === procedure && pair.row.service === service) || namedAfter(procedure, service))
      .map(([procedure, { service, why }]) => `${procedure} ↔ ${service} (${why})`);
    expect(stale, `remove these exceptions: their procedure no longer calls that service on a row, or follows the rule`).toEqual([]);
  });

  it('reads names as words', () => {
    expect(namedAfter('collections.listSpaces', 'listCollectionSpaces')).toBe(true);
    expect(namedAfter('comments.listReplies', 'listRepliesForCaller')).toBe(true);
    expect(namedAfter('integrations.listForSpace', 'listSpaceIntegrationsForCaller')).toBe(true);
    expect(namedAfter('changeRequests.changes', 'changeRequestChanges')).toBe(true);
    expect(namedAfter('collections.spaces', 'listCollectionSpaces')).toBe(false);
    expect(namedAfter('changeRequests.update', 'editChangeRequest')).toBe(false);
    expect(namedAfter('search.organization', 'searchOrganization')).toBe(false);
    expect(namedAfter('comments.create', 'postComment')).toBe(false);
    expect(namedAfter('collections.listSpacesAndMore', 'listCollectionSpaces')).toBe(false);
    expect(namedAfter('collections.spacesList', 'listCollectionSpaces')).toBe(false);
  });
});
