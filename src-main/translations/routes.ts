import { createTranslationBody, listTranslationsQuery, updateTranslationBody } from '../../src-shared/schemas/translations';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentTranslation } from './presenter';
import {
  createTranslation,
  deleteTranslation,
  getTranslationForCaller,
  listOrganizationTranslations,
  updateTranslation,
} from './service';

// Running a translation and the glossary (POST .../run, /translations-glossary) need a machine translation
// service Folio does not have: they are not routes, so they answer 404 like any unknown endpoint.
export function registerTranslationRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/translations', { effect: 'read', query: listTranslationsQuery }, ({ ctx, params, query }) => {
    const { page, role } = listOrganizationTranslations(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentTranslation(row, role, ctx)) };
  });

  router.post('/v1/orgs/{organizationId}/translations', { effect: 'write', body: createTranslationBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { translation, role } = createTranslation(ctx, params.organizationId, body);
    const presented = presentTranslation(translation, role, ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/orgs/{organizationId}/translations/{translationId}', { effect: 'read' }, ({ ctx, params }) => {
    const { translation, role } = getTranslationForCaller(ctx, params.organizationId, params.translationId);
    return { status: 200, body: presentTranslation(translation, role, ctx) };
  });

  router.put('/v1/orgs/{organizationId}/translations/{translationId}', { effect: 'write', body: updateTranslationBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { translation, role } = updateTranslation(ctx, params.organizationId, params.translationId, body);
    return { status: 200, body: presentTranslation(translation, role, ctx) };
  });

  // As for sites: 205 when deleted, 204 when there was no such translation.
  router.delete('/v1/orgs/{organizationId}/translations/{translationId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteTranslation(ctx, params.organizationId, params.translationId) ? 205 : 204,
  }));
}
