import { listMembersQuery } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import { presentMember } from '../members/presenter';
import { listOrganizationMembers } from '../members/service';
import { orgRef } from './refs';
import { procedure, router } from './trpc';

export const membersRouter = router({
  list: procedure.input(orgRef.extend(listMembersQuery.shape)).query(({ ctx, input }) =>
    listEnvelope(listOrganizationMembers(ctx, input.organizationId, input), (m) => presentMember(m, ctx)),
  ),
});
