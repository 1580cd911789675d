import { z } from 'zod';
import { resolveAppPath } from '../app-links/resolve-service';
import { procedure, router } from './trpc';

/** The app opened at a `urls.app` link asks what it names (app-links/resolve-service.ts). */
export const appLinksRouter = router({
  resolve: procedure.input(z.object({ path: z.string().max(4096) })).query(({ ctx, input }) => resolveAppPath(ctx, input.path) ?? null),
});
