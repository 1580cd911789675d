import { UsageError, parseArgs } from './args';
import { serve } from './serve';
import { token } from './token';

const HELP = `Folio — a desktop-first documentation host

Usage:
  folio serve [--data DIR] [--port PORT] [--host 127.0.0.1] [--allow-file-imports] [--remote URL]
      Start the headless server (default data directory: ~/.folio, port 5740; --port 0 picks a free one).
      FOLIO_ADMIN_TOKEN=... sets the owner's API token on first start.
      --remote URL syncs with that team server, with FOLIO_REMOTE_TOKEN=... (a token of your account there).
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
    throw error;
  }
}
