import { listGlossaryEntriesQuery, updateGlossaryEntriesBody } from '../../src-shared/schemas/glossary';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentGlossaryEntry } from './presenter';
import { getGlossaryEntry, listGlossaryEntries, updateGlossaryEntries } from './service';

/** The translation glossary of an organization (GitBook's "glossary" operations). */
export function registerGlossaryRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/translations-glossary', { effect: 'read', query: listGlossaryEntriesQuery }, ({ ctx, params, query }) => ({
    status: 200,
    body: listEnvelope(listGlossaryEntries(ctx, params.organizationId, query), (row) => presentGlossaryEntry(row, ctx)),
  }));

  router.put('/v1/orgs/{organizationId}/translations-glossary', { effect: 'write', body: updateGlossaryEntriesBody }, ({ ctx, params, body }) => {
    updateGlossaryEntries(ctx, params.organizationId, body.operations);
    return { status: 204 };
  });

  router.get('/v1/orgs/{organizationId}/translations-glossary/{glossaryEntryId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentGlossaryEntry(getGlossaryEntry(ctx, params.organizationId, params.glossaryEntryId), ctx),
  }));
}
