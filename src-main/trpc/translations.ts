import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import { createTranslationBody, jsonDocument, translationTitle, updateTranslationBody } from '../../src-shared/schemas/translations';
import { listEnvelope } from '../http/list';
import { parseInput } from '../http/validate';
import { presentTranslation } from '../translations/presenter';
import {
  createTranslation,
  deleteTranslation,
  getTranslationForCaller,
  listOrganizationTranslations,
  updateTranslation,
} from '../translations/service';
import { organizationId } from './refs';
import { procedure, router } from './trpc';

const translationId = z.string().min(1);
const translationRef = z.object({ organizationId, translationId });

/** The /v1 translation routes (translations/routes.ts) as procedures: the same schemas, services and presenter. */
export const translationsRouter = router({
  list: procedure.input(z.object({ organizationId, ...listQuery.shape })).query(({ ctx, input }) => {
    const { page, role } = listOrganizationTranslations(ctx, input.organizationId, { page: input.page, limit: input.limit });
    return listEnvelope(page, (row) => presentTranslation(row, role, ctx));
  }),

  get: procedure.input(translationRef).query(({ ctx, input }) => {
    const { translation, role } = getTranslationForCaller(ctx, input.organizationId, input.translationId);
    return presentTranslation(translation, role, ctx);
  }),

  create: procedure.input(createTranslationBody.safeExtend({ organizationId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, ...body } = input;
    const { translation, role } = createTranslation(ctx, orgId, body);
    return presentTranslation(translation, role, ctx);
  }),

  /** PUT: `instructions` and/or `title`, checked as /v1 checks them (at least one). */
  update: procedure
    .input(translationRef.extend({ instructions: jsonDocument.optional(), title: translationTitle.optional() }))
    .mutation(({ ctx, input }) => {
      const { organizationId: orgId, translationId: id, ...body } = input;
      const { translation, role } = updateTranslation(ctx, orgId, id, parseInput(updateTranslationBody, body, 'input'));
      return presentTranslation(translation, role, ctx);
    }),

  /** DELETE: `deleted` is false when there was no such translation (the route's 204). */
  delete: procedure.input(translationRef).mutation(({ ctx, input }) => ({
    deleted: deleteTranslation(ctx, input.organizationId, input.translationId),
  })),
});
