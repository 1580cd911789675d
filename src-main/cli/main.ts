import { SecretKeyError } from '../secrets/key-store';
import { UsageError, parseArgs } from './args';
import { serve } from './serve';
import { token } from './token';

const HELP = `Folio — a desktop-first documentation host

Usage:
  folio serve [--data DIR] [--port PORT] [--host 127.0.0.1] [--allow-file-imports] [--allow-private-network]
              [--allow-host HOST[:PORT]]... [--remote URL]
      Start the headless server (default data directory: ~/.folio, port 5740; --port 0 picks a free one).
      FOLIO_ADMIN_TOKEN=... (at least 20 characters) sets the owner's API token on first start.
      Secrets in the database are sealed with DIR/secrets.key: back it up with the database. If it is lost,
      --reset-secrets starts with a new key, replacing visitor and share-link keys and clearing integration secrets.
      --remote URL syncs with that team server, with FOLIO_REMOTE_TOKEN=... (a token of your account there).
      Imports, OpenAPI specs and files by URL fetch only public http(s) addresses; --allow-private-network
      (or FOLIO_ALLOW_PRIVATE_NETWORK=1) also allows loopback, private and link-local ones, and
      --allow-host HOST[:PORT] (repeatable, or FOLIO_ALLOW_HOSTS=a,b:8080) allows just those hosts.
  folio token create --data DIR --email EMAIL [--name NAME]   Print a new API token (creates the user if needed)
  folio token revoke --data DIR (TOKEN | --id ID | --email EMAIL)
  folio token list --data DIR
`;

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  try {
    switch (args.positional[0]) {
      case 'serve':
        return await serve(args);
      case 'token':
        return token(args);
      case undefined:
      case 'help':
        console.log(HELP);
        return 0;
      default:
        throw new UsageError(`unknown command "${args.positional[0]}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`folio: ${error.message}\n\n${HELP}`);
      return 2;
    }
    // The data directory's secrets cannot be opened (secrets/open.ts): said plainly, not as a stack trace.
    if (error instanceof SecretKeyError) {
      console.error(`folio: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
