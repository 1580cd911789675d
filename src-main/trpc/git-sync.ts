import { gitSyncSettingsInput } from '../../src-shared/schemas/git-sync';
import { isFolioError } from '../errors';
import { configureGitSync, disableGitSync, getGitSyncSettings, syncSpaceNow } from '../git-sync/settings-service';
import { spaceRef } from './refs';
import { procedure, router } from './trpc';

/** The app's Git Sync panel (space settings): the services behind GET/PUT/DELETE /v1/spaces/{spaceId}/git/sync and …/run. */
export const gitSyncRouter = router({
  /** The space's settings and state, or null when it has none set up yet. */
  get: procedure.input(spaceRef).query(({ ctx, input }) => {
    try {
      return getGitSyncSettings(ctx, input.spaceId);
    } catch (error) {
      if (isFolioError(error) && error.kind === 'not_found' && /no Git Sync/.test(error.message)) return null;
      throw error;
    }
  }),
  configure: procedure.input(spaceRef.extend({ settings: gitSyncSettingsInput })).mutation(({ ctx, input }) => configureGitSync(ctx, input.spaceId, input.settings)),
  disable: procedure.input(spaceRef).mutation(({ ctx, input }) => disableGitSync(ctx, input.spaceId)),
  /** "Sync now": merges new commits, then commits and pushes main content if it moved; the outcome is in `operation`. */
  syncNow: procedure.input(spaceRef).mutation(async ({ ctx, input }) => {
    try {
      return { ...(await syncSpaceNow(ctx, input.spaceId)), failed: null as string | null };
    } catch (error) {
      // The failure is recorded in the state the panel shows; the panel reads it rather than an error toast alone.
      if (isFolioError(error) && error.kind !== 'forbidden' && error.kind !== 'not_found' && error.kind !== 'conflict') {
        return { ...getGitSyncSettings(ctx, input.spaceId), failed: error.message as string | null };
      }
      throw error;
    }
  }),
});
