import { z } from 'zod';
import { readFileByName } from '../files/service';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

/** The files of a space's content as the desktop editor uses them (uploads are content.uploadFile). */
export const filesRouter = router({
  /**
   * The bytes (base64) of the file a page's markdown names as `.gitbook/assets/<name>`, in main content or
   * a change request's. The editor's preview shows them from a blob: URL: the same in Electron (a file://
   * page whose CSP allows images only from itself, data: and blob:) and in a browser, and never expiring
   * like a signed downloadURL.
   */
  read: procedure
    .input(z.object({ spaceId, name: z.string().min(1).max(255), changeRequestId: z.string().min(1).optional() }))
    .query(({ ctx, input }) => {
      const file = readFileByName(ctx, input.spaceId, input.name, input.changeRequestId);
      return { name: file.name, contentType: file.contentType, data: Buffer.from(file.bytes).toString('base64') };
    }),
});
