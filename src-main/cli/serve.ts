import { openApp } from '../app/app';
import { bootstrapOwner, weakAdminTokenReason } from '../app/bootstrap';
import { keepServingOnUnexpectedErrors } from '../http/process-guards';
import { startHost } from '../http/server';
import { getRemoteServer } from '../settings/service';
import type { SyncStatus } from '../sync/client';
import { type ParsedArgs, UsageError, dataDirOf, stringFlag } from './args';
import { networkConfigOf } from './network-flags';

const DEFAULT_PORT = 5740;

/** `folio serve`: the headless server (the team server, or a desktop-less local host). */
export async function serve(args: ParsedArgs): Promise<number> {
  const { dir } = dataDirOf(args);
  const portText = stringFlag(args, 'port') ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got "${portText}"`);
  const hostname = stringFlag(args, 'host') ?? '127.0.0.1';
  // Refused before the data directory is touched.
  const weakToken = process.env.FOLIO_ADMIN_TOKEN ? weakAdminTokenReason(process.env.FOLIO_ADMIN_TOKEN) : undefined;
  if (weakToken) throw new UsageError(weakToken);

  const network = networkConfigOf(args);

  const app = openApp({
    dataDir: dir,
    config: { allowFileImports: args.flags.get('allow-file-imports') === true, ...network },
    // Only ever asked for: a lost secrets key otherwise stops the start (secrets/open.ts).
    resetLostSecrets: args.flags.get('reset-secrets') === true,
  });
  const { createdToken } = bootstrapOwner(app.db, app.clock, { adminToken: process.env.FOLIO_ADMIN_TOKEN || undefined });
  const host = await startHost(app, { port, host: hostname });
  // From here on an exception escaping a request (or a sync round) is logged, never the end of the server.
  const stopGuarding = keepServingOnUnexpectedErrors();
  const remote = remoteOf(args) ?? getRemoteServer(app);

  console.log(`Folio data directory: ${dir}`);
  if (createdToken && !process.env.FOLIO_ADMIN_TOKEN) {
    console.log(`Owner API token (shown once, store it now): ${createdToken}`);
  }
  console.log(`Folio server listening on ${host.url} (API: ${host.url}/v1, app: ${host.url}/)`);
  if (remote) {
    app.sync.onStatus((status) => console.log(`Sync with ${remote.url}: ${describeSync(status)}`));
    app.sync.attach(remote);
  }

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await host.close();
  app.close();
  stopGuarding();
  return 0;
}

/** `--remote URL` with the token in FOLIO_REMOTE_TOKEN (never on the command line, where `ps` shows it). */
function remoteOf(args: ParsedArgs): { url: string; token: string } | undefined {
  const url = stringFlag(args, 'remote');
  if (url === undefined) return undefined;
  if (!/^https?:\/\/\S+$/.test(url)) throw new UsageError(`--remote must be an http(s) URL, got "${url}"`);
  const token = process.env.FOLIO_REMOTE_TOKEN;
  if (!token) throw new UsageError('--remote needs the team server token in the FOLIO_REMOTE_TOKEN environment variable');
  return { url, token };
}

function describeSync(status: SyncStatus): string {
  if (status.state === 'idle') return `synced${status.waiting ? `, ${status.waiting} changes waiting` : ''}`;
  if (status.state === 'syncing') return 'syncing…';
  return `${status.state}${status.message ? ` (${status.message})` : ''}${status.waiting ? `, ${status.waiting} changes waiting` : ''}`;
}
