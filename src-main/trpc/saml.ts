import { z } from 'zod';
import { createSamlProviderBody, listSamlProvidersQuery, updateSamlProviderBody } from '../../src-shared/schemas/saml';
import { listEnvelope } from '../http/list';
import { parseInput } from '../http/validate';
import { presentSamlProvider, presentSsoLogin } from '../saml/presenter';
import {
  createSamlProvider,
  deleteSamlProvider,
  getSamlProviderForCaller,
  listOrganizationSamlProviders,
  listSsoLogins,
  updateSamlProviderSettings,
} from '../saml/service';
import { organizationId, orgRef } from './refs';
import { procedure, router } from './trpc';

const providerRef = z.object({ organizationId, samlProviderId: z.string().min(1) });

/** /v1's SAML provider operations (saml/routes.ts) as procedures, over the same services and presenters. */
export const samlRouter = router({
  list: procedure.input(orgRef.extend(listSamlProvidersQuery.shape)).query(({ ctx, input }) => {
    const { page, membership } = listOrganizationSamlProviders(ctx, input.organizationId, input);
    return listEnvelope(page, (row) => presentSamlProvider(row, ctx, membership));
  }),

  get: procedure.input(providerRef).query(({ ctx, input }) => {
    const { provider, ...membership } = getSamlProviderForCaller(ctx, input.organizationId, input.samlProviderId);
    return presentSamlProvider(provider, ctx, membership);
  }),

  create: procedure.input(createSamlProviderBody.safeExtend({ organizationId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, ...body } = input;
    const { provider, membership } = createSamlProvider(ctx, orgId, body);
    return presentSamlProvider(provider, ctx, membership);
  }),

  /** PATCH: the body's rule (at least one field) would count the ids once extended, so the fields are checked again alone. */
  update: procedure.input(updateSamlProviderBody.safeExtend(providerRef.shape)).mutation(({ ctx, input }) => {
    const { organizationId: orgId, samlProviderId, ...fields } = input;
    const { provider, membership } = updateSamlProviderSettings(ctx, orgId, samlProviderId, parseInput(updateSamlProviderBody, fields));
    return presentSamlProvider(provider, ctx, membership);
  }),

  /** Whether a provider was deleted (false when there was none: /v1's 204). */
  delete: procedure.input(providerRef).mutation(({ ctx, input }) => ({
    deleted: deleteSamlProvider(ctx, input.organizationId, input.samlProviderId),
  })),

  /** GET .../sso */
  listLogins: procedure.input(orgRef).query(({ ctx, input }) => ({
    items: listSsoLogins(ctx, input.organizationId).map((row) => presentSsoLogin(row, ctx)),
  })),
});
