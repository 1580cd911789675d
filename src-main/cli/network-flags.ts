import type { AppConfig } from '../app/context';
import { parseAllowedHost } from '../net/network-policy';
import { type ParsedArgs, UsageError, listFlag } from './args';

/**
 * Where `folio serve` may fetch on its users' behalf (net/network-policy.ts): public addresses only,
 * unless `--allow-private-network` (or FOLIO_ALLOW_PRIVATE_NETWORK=1) opens the private network, or
 * `--allow-host HOST[:PORT]` (repeatable; FOLIO_ALLOW_HOSTS=a,b:8080) names hosts that may be private.
 */
export function networkConfigOf(args: ParsedArgs, env: NodeJS.ProcessEnv = process.env): Pick<AppConfig, 'allowPrivateNetwork' | 'allowHosts'> {
  const flag = args.flags.get('allow-private-network');
  if (flag !== undefined && flag !== true) throw new UsageError(`--allow-private-network takes no value (got "${flag}")`);
  const fromEnv = (env.FOLIO_ALLOW_PRIVATE_NETWORK ?? '').trim().toLowerCase();
  const allowPrivateNetwork = flag === true || fromEnv === '1' || fromEnv === 'true';
  const allowHosts = [...listFlag(args, 'allow-host'), ...(env.FOLIO_ALLOW_HOSTS ?? '').split(',')].map((h) => h.trim()).filter(Boolean);
  for (const entry of allowHosts) {
    try {
      parseAllowedHost(entry);
    } catch (error) {
      throw new UsageError(`--allow-host: ${(error as Error).message}`);
    }
  }
  return { allowPrivateNetwork, allowHosts };
}
