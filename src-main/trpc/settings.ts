import { remoteServerBody } from '../../src-shared/schemas/settings';
import { presentRemoteServer, presentSettings } from '../settings/presenter';
import { clearRemoteServer, setRemoteServer, settingsFor } from '../settings/service';
import { desktopLiveEndpoint } from '../live/desktop-endpoint';
import { procedure, router } from './trpc';

/**
 * The app's settings: how local tools reach this instance (API address, the desktop owner's token),
 * its data folder, and the team server sync will use. Only the instance's owner sees paths or
 * changes the team server.
 */
export const settingsRouter = router({
  get: procedure.query(({ ctx }) => presentSettings(settingsFor(ctx))),
  setRemote: procedure.input(remoteServerBody).mutation(({ ctx, input }) => presentRemoteServer(setRemoteServer(ctx, input))),
  /** The desktop window's live channel: its loopback host and the token of whom it acts as; null for others. */
  liveEndpoint: procedure.query(({ ctx }) => desktopLiveEndpoint(ctx)),
  clearRemote: procedure.mutation(({ ctx }) => {
    clearRemoteServer(ctx);
    return { remote: null };
  }),
});
