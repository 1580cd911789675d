import type { RemoteServerInput } from '../../src-shared/schemas/settings';
import { OWNER_SETTING } from '../app/bootstrap';
import type { CallContext, ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { badRequest, forbidden } from '../errors';
import { inTransaction } from '../store/database';
import { getSecretSetting, SECRET_SETTINGS, setSecretSetting } from '../secrets/settings';
import { deleteSetting, getSetting } from '../store/settings';

/** Where the team server's address and token are kept: in this store, sealed (secrets/settings.ts). */
const REMOTE_SETTING = SECRET_SETTINGS.remoteServer;

export interface RemoteServer {
  url: string;
  /** Kept to call the team server for sync; never returned whole. */
  token: string;
  updatedAt: string;
}

/** The one who started this instance: the desktop app's user, or the owner `folio serve` created. */
/** The instance's owner: its bootstrap owner, or whoever uses the desktop window (a desktop has one user). */
function isInstanceOwner(ctx: ServiceContext & { desktop?: unknown }): boolean {
  return ctx.desktop !== undefined || getSetting(ctx.db, OWNER_SETTING) === ctx.user.id;
}

function assertInstanceOwner(ctx: ServiceContext & { desktop?: unknown }): void {
  if (!isInstanceOwner(ctx)) throw forbidden('Only the owner of this Folio instance can change its team server');
}

export function getRemoteServer(ctx: Pick<ServiceContext, 'db'>): RemoteServer | undefined {
  const saved = getSecretSetting(ctx.db, REMOTE_SETTING);
  return saved ? (JSON.parse(saved) as RemoteServer) : undefined;
}

export interface SettingsView {
  /** The caller is the instance's owner (who may see its paths and set its team server). */
  owner: boolean;
  /** The call comes from the desktop app's window. */
  desktop: boolean;
  /** The /v1 address local tools use: the address this call reached. */
  apiUrl: string;
  dataDir?: string;
  /** Whether imports may read folders and files on the host (file:// URLs). */
  fileImports: boolean;
  /** The owner's token, for the desktop window only (a browser shows its own session's). */
  ownerToken?: string;
  remote?: RemoteServer;
}

/** What the settings screen shows the caller; paths and the team server only to the instance's owner. */
export function settingsFor(ctx: CallContext): SettingsView {
  const owner = isInstanceOwner(ctx);
  return {
    owner,
    desktop: ctx.desktop !== undefined,
    apiUrl: `${ctx.baseUrl}/v1`,
    dataDir: owner ? ctx.config.dataDir : undefined,
    fileImports: ctx.config.allowFileImports,
    ownerToken: ctx.desktop?.ownerToken,
    remote: owner ? getRemoteServer(ctx) : undefined,
  };
}

/** Saves the team server; without a token, the saved one is kept (only the address changes). */
export function setRemoteServer(ctx: ServiceContext & { desktop?: unknown }, input: RemoteServerInput): RemoteServer {
  assertInstanceOwner(ctx);
  const saved = inTransaction(ctx.db, () => {
    const token = input.token ?? getRemoteServer(ctx)?.token;
    if (!token) throw badRequest("token: paste an API token of your account on the team server");
    const remote: RemoteServer = { url: input.url, token, updatedAt: isoNow(ctx.clock) };
    setSecretSetting(ctx.db, REMOTE_SETTING, JSON.stringify(remote));
    return remote;
  });
  ctx.sync.attach({ url: saved.url, token: saved.token });
  return saved;
}

export function clearRemoteServer(ctx: ServiceContext & { desktop?: unknown }): void {
  assertInstanceOwner(ctx);
  deleteSetting(ctx.db, REMOTE_SETTING);
  void ctx.sync.detach();
}
