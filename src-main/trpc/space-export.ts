import { z } from 'zod';
import { exportPageFile, exportSpaceZip } from '../export/service';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const target = { changeRequestId: z.string().min(1).optional() };

/** The app's exports: the same service as GET /v1/spaces/{spaceId}/content/export (bytes as base64). */
export const spaceExportRouter = router({
  /** The space (or a change request's content) as a GitBook Git Sync repository, zipped. */
  exportZip: procedure.input(z.object({ spaceId, ...target })).query(({ ctx, input }) => {
    const { fileName, bytes } = exportSpaceZip(ctx, input.spaceId, input.changeRequestId);
    return { fileName, data: Buffer.from(bytes).toString('base64') };
  }),
  /** One page's file as the repository holds it, and its path there. */
  exportPageFile: procedure.input(z.object({ spaceId, pageId: z.string().min(1), ...target })).query(({ ctx, input }) =>
    exportPageFile(ctx, input.spaceId, input.pageId, input.changeRequestId),
  ),
});
