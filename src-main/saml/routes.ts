import { createSamlProviderBody, listSamlProvidersQuery, updateSamlProviderBody } from '../../src-shared/schemas/saml';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentMember } from '../members/presenter';
import { presentSamlProvider, presentSsoLogin } from './presenter';
import {
  createSamlProvider,
  deleteSamlProvider,
  getSamlProviderForCaller,
  listOrganizationSamlProviders,
  listSsoLogins,
  setMemberAsSso,
  updateSamlProviderSettings,
} from './service';

/** /v1's SAML operations. The login itself (start, ACS, metadata, the code exchange) is outside /v1: saml/login.ts. */
export function registerSamlRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/saml', { effect: 'read', query: listSamlProvidersQuery }, ({ ctx, params, query }) => {
    const { page, membership } = listOrganizationSamlProviders(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentSamlProvider(row, ctx, membership)) };
  });

  router.post('/v1/orgs/{organizationId}/saml', { effect: 'write', body: createSamlProviderBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { provider, membership } = createSamlProvider(ctx, params.organizationId, body);
    const presented = presentSamlProvider(provider, ctx, membership);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/orgs/{organizationId}/saml/{samlProviderId}', { effect: 'read' }, ({ ctx, params }) => {
    const { provider, ...membership } = getSamlProviderForCaller(ctx, params.organizationId, params.samlProviderId);
    return { status: 200, body: presentSamlProvider(provider, ctx, membership) };
  });

  router.patch('/v1/orgs/{organizationId}/saml/{samlProviderId}', { effect: 'write', body: updateSamlProviderBody, optionalBody: true }, ({ ctx, params, body }) => {
    const input = body;
    const { provider, membership } = updateSamlProviderSettings(ctx, params.organizationId, params.samlProviderId, input);
    return { status: 200, body: presentSamlProvider(provider, ctx, membership) };
  });

  // As for sites: 205 when the provider was deleted, 204 when it did not exist.
  router.delete('/v1/orgs/{organizationId}/saml/{samlProviderId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteSamlProvider(ctx, params.organizationId, params.samlProviderId) ? 205 : 204,
  }));

  router.get('/v1/orgs/{organizationId}/sso', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: { items: listSsoLogins(ctx, params.organizationId).map((row) => presentSsoLogin(row, ctx)) },
  }));

  router.post('/v1/orgs/{organizationId}/members/{userId}/sso', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: presentMember(setMemberAsSso(ctx, params.organizationId, params.userId), ctx),
  }));
}
