import { listQuery } from '../../src-shared/schemas/common';
import { listEnvelope } from '../http/list';
import { presentOrganizationFor } from '../orgs/presenter';
import { getOrganizationForCaller, listMyOrganizations } from '../orgs/service';
import { orgRef } from './refs';
import { procedure, router } from './trpc';

export const orgsRouter = router({
  list: procedure.input(listQuery).query(({ ctx, input }) =>
    listEnvelope(listMyOrganizations(ctx, input), (org) => presentOrganizationFor(ctx, org, org.member_role)),
  ),
  get: procedure.input(orgRef).query(({ ctx, input }) => {
    const { org, role } = getOrganizationForCaller(ctx, input.organizationId);
    return presentOrganizationFor(ctx, org, role);
  }),
});
