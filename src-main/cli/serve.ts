import { openApp } from '../app/app';
import { bootstrapOwner } from '../app/bootstrap';
import { startHost } from '../http/server';
import { type ParsedArgs, UsageError, dataDirOf, stringFlag } from './args';

export const DEFAULT_PORT = 5740;

/** `folio serve`: the headless server (the team server, or a desktop-less local host). */
export async function serve(args: ParsedArgs): Promise<number> {
  const { dir } = dataDirOf(args);
  const portText = stringFlag(args, 'port') ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got "${portText}"`);
  const hostname = stringFlag(args, 'host') ?? '127.0.0.1';

  const app = openApp({ dataDir: dir, config: { allowFileImports: args.flags.get('allow-file-imports') === true } });
  const { createdToken } = bootstrapOwner(app.db, app.clock, { adminToken: process.env.FOLIO_ADMIN_TOKEN || undefined });
  const host = await startHost(app, { port, host: hostname });

  console.log(`Folio data directory: ${dir}`);
  if (createdToken && !process.env.FOLIO_ADMIN_TOKEN) {
    console.log(`Owner API token (shown once, store it now): ${createdToken}`);
  }
  console.log(`Folio server listening on ${host.url} (API: ${host.url}/v1, app: ${host.url}/)`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await host.close();
  app.close();
  return 0;
}
