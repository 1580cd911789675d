import { z } from 'zod';
import { mirroredOrganizationIds, refusedChanges, pendingChangesBySpace } from '../store/sync-changes';
import { docRefusals } from '../store/sync-docs';
import { procedure, router } from './trpc';

/**
 * The app's view of sync (docs/sync.md): whether it is attached to a team server, the state in words, the
 * changes still waiting (per space), when it last synced, and what the server refused.
 */
export const syncRouter = router({
  status: procedure.input(z.object({}).optional()).query(({ ctx }) => {
    const status = ctx.sync.status();
    if (!status) return { attached: false as const };
    return {
      attached: true as const,
      url: status.url,
      state: status.state,
      waiting: status.waiting,
      lastSyncAt: status.lastSyncAt,
      received: status.received,
      message: status.message,
      waitingBySpace: pendingChangesBySpace(ctx.db),
      /** Spaces of other organizations exist only on this replica: the renderer says so rather than "synced". */
      organizations: mirroredOrganizationIds(ctx.db),
      refused: [
        ...refusedChanges(ctx.db, 20).map((change) => ({ what: `${change.dataset}.${change.column}`, reason: change.refusal ?? '' })),
        ...docRefusals(ctx.db, 20).map((refusal) => ({ what: refusal.docId.startsWith('body:') ? 'page text' : 'page tree', reason: refusal.reason })),
      ],
    };
  }),
});
