import type { CallContext } from '../app/context';
import type { ChangeRequestRow } from '../store/change-requests';
import { countOpenComments } from '../store/comments';
import { getUserById } from '../store/users';
import { presentUser } from '../users/presenter';
import { currentRevisionOf, isOutdated } from './service';

export function presentChangeRequest(cr: ChangeRequestRow, ctx: CallContext) {
  const creator = getUserById(ctx.db, cr.created_by);
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    ...(creator ? { createdBy: presentUser(creator, ctx) } : {}),
    createdAt: cr.created_at,
    space: cr.space_id,
    updatedAt: cr.updated_at,
    revision: currentRevisionOf(ctx, cr),
    revisionInitial: cr.revision_initial,
    ...(cr.revision_merged_ancestor ? { revisionMergedAncestor: cr.revision_merged_ancestor } : {}),
    ...(cr.revision_merged ? { revisionMerged: cr.revision_merged } : {}),
    comments: countOpenComments(ctx.db, cr.space_id, cr.id),
    outdated: isOutdated(ctx, cr),
    urls: {
      app: `${ctx.baseUrl}/s/${cr.space_id}/~/changes/${cr.number}`,
      location: `${ctx.baseUrl}/v1/spaces/${cr.space_id}/change-requests/${cr.id}`,
    },
  };
}
