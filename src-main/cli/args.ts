import { homedir } from 'node:os';
import { join } from 'node:path';

export interface ParsedArgs {
  positional: string[];
  /** The last value of each flag. */
  flags: Map<string, string | true>;
  /** Every value of each flag, in order (flags that may be repeated, like --allow-host). */
  repeated: Map<string, Array<string | true>>;
}

/** `--name value`, `--name=value` and bare `--flag`; everything else is positional. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, Array<string | true>>();
  const set = (name: string, value: string | true) => {
    flags.set(name, value);
    repeated.set(name, [...(repeated.get(name) ?? []), value]);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) set(arg.slice(2), argv[++i]!);
    else set(arg.slice(2), true);
  }
  return { positional, flags, repeated };
}

export class UsageError extends Error {}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

/** Every value of a repeatable flag (`--allow-host a --allow-host b`). */
export function listFlag(args: ParsedArgs, name: string): string[] {
  return (args.repeated.get(name) ?? []).map((value) => {
    if (value === true) throw new UsageError(`--${name} needs a value`);
    return value;
  });
}

/** `--data DIR`, else $FOLIO_DATA, else ~/.folio: the embedded default a newcomer gets. */
export function dataDirOf(args: ParsedArgs): { dir: string; isDefault: boolean } {
  const explicit = stringFlag(args, 'data') ?? process.env.FOLIO_DATA;
  return explicit ? { dir: explicit, isDefault: false } : { dir: defaultDataDir(), isDefault: true };
}

function defaultDataDir(): string {
  return join(homedir(), '.folio');
}
