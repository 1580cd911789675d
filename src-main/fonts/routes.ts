import { listQuery } from '../../src-shared/schemas/common';
import { createCustomFontBody, updateCustomFontBody } from '../../src-shared/schemas/custom-fonts';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentCustomFont } from './presenter';
import { createCustomFont, deleteCustomFont, getCustomFont, listCustomFonts, updateCustomFont } from './service';

export function registerCustomFontRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/fonts', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const { canEdit, page } = listCustomFonts(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (font) => presentCustomFont(font, canEdit)) };
  });

  router.put('/v1/orgs/{organizationId}/fonts', { effect: 'write', body: createCustomFontBody }, ({ ctx, params, body }) => {
    const { font, canEdit } = createCustomFont(ctx, params.organizationId, body);
    return { status: 201, body: presentCustomFont(font, canEdit) };
  });

  router.get('/v1/orgs/{organizationId}/fonts/{fontId}', { effect: 'read' }, ({ ctx, params }) => {
    const { font, canEdit } = getCustomFont(ctx, params.organizationId, params.fontId);
    return { status: 200, body: presentCustomFont(font, canEdit) };
  });

  // GitBook answers an update with 201, as a creation.
  router.post('/v1/orgs/{organizationId}/fonts/{fontId}', { effect: 'write', body: updateCustomFontBody }, ({ ctx, params, body }) => {
    const { font, canEdit } = updateCustomFont(ctx, params.organizationId, params.fontId, body);
    return { status: 201, body: presentCustomFont(font, canEdit) };
  });

  // 205 when the font was deleted, 204 when there was none.
  router.delete('/v1/orgs/{organizationId}/fonts/{fontId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteCustomFont(ctx, params.organizationId, params.fontId) ? 205 : 204,
  }));
}
