import { z } from 'zod';
import { uri } from './common';

/**
 * The team server this install will sync with (the sync issue). The token may be left out to keep
 * the one already saved (changing only the address).
 */
export const remoteServerBody = z.strictObject({
  url: uri,
  token: z.string().trim().min(1).max(512).optional(),
});
export type RemoteServerInput = z.infer<typeof remoteServerBody>;
