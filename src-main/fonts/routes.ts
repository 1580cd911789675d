import { listQuery } from '../../src-shared/schemas/common';
import { createCustomFontBody, updateCustomFontBody } from '../../src-shared/schemas/custom-fonts';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentCustomFont } from './presenter';
import { createCustomFont, deleteCustomFont, getCustomFont, listCustomFonts, updateCustomFont } from './service';

export function registerCustomFontRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/fonts', ({ ctx, params, query }) => {
    const { canEdit, page } = listCustomFonts(ctx, params.organizationId, parseInput(listQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (font) => presentCustomFont(font, canEdit)) };
  });

  router.put('/v1/orgs/{organizationId}/fonts', ({ ctx, params, body }) => {
    const { font, canEdit } = createCustomFont(ctx, params.organizationId, parseInput(createCustomFontBody, body));
    return { status: 201, body: presentCustomFont(font, canEdit) };
  });

  router.get('/v1/orgs/{organizationId}/fonts/{fontId}', ({ ctx, params }) => {
    const { font, canEdit } = getCustomFont(ctx, params.organizationId, params.fontId);
    return { status: 200, body: presentCustomFont(font, canEdit) };
  });

  // GitBook answers an update with 201, as a creation.
  router.post('/v1/orgs/{organizationId}/fonts/{fontId}', ({ ctx, params, body }) => {
    const { font, canEdit } = updateCustomFont(ctx, params.organizationId, params.fontId, parseInput(updateCustomFontBody, body));
    return { status: 201, body: presentCustomFont(font, canEdit) };
  });

  // 205 when the font was deleted, 204 when there was none.
  router.delete('/v1/orgs/{organizationId}/fonts/{fontId}', ({ ctx, params }) => ({
    status: deleteCustomFont(ctx, params.organizationId, params.fontId) ? 205 : 204,
  }));
}
