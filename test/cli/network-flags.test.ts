import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../src-main/cli/args';
import { networkConfigOf } from '../../src-main/cli/network-flags';

describe('networkConfigOf (folio serve)', () => {
  it('refuses the private network by default', () => {
    expect(networkConfigOf(parseArgs(['serve']), {})).toEqual({ allowPrivateNetwork: false, allowHosts: [] });
  });

  it('allows it with --allow-private-network or FOLIO_ALLOW_PRIVATE_NETWORK=1', () => {
    expect(networkConfigOf(parseArgs(['serve', '--allow-private-network']), {}).allowPrivateNetwork).toBe(true);
    expect(networkConfigOf(parseArgs(['serve']), { FOLIO_ALLOW_PRIVATE_NETWORK: '1' }).allowPrivateNetwork).toBe(true);
    expect(networkConfigOf(parseArgs(['serve']), { FOLIO_ALLOW_PRIVATE_NETWORK: '0' }).allowPrivateNetwork).toBe(false);
  });

  it('collects every --allow-host and the FOLIO_ALLOW_HOSTS list', () => {
    const args = parseArgs(['serve', '--allow-host', 'wiki.corp', '--data', '/tmp/x', '--allow-host=10.0.0.5:8080']);
    expect(networkConfigOf(args, { FOLIO_ALLOW_HOSTS: ' [fd00::1]:443 , docs.intranet ' }).allowHosts).toEqual(['wiki.corp', '10.0.0.5:8080', '[fd00::1]:443', 'docs.intranet']);
  });

  it('refuses a malformed --allow-host or a value given to --allow-private-network', () => {
    expect(() => networkConfigOf(parseArgs(['serve', '--allow-host', 'http://wiki.corp/']), {})).toThrow(UsageError);
    expect(() => networkConfigOf(parseArgs(['serve', '--allow-host']), {})).toThrow(/--allow-host needs a value/);
    expect(() => networkConfigOf(parseArgs(['serve']), { FOLIO_ALLOW_HOSTS: 'wiki.corp/docs' })).toThrow(/--allow-host: "wiki.corp\/docs" is not HOST or HOST:PORT/);
    expect(() => networkConfigOf(parseArgs(['serve', '--allow-private-network', 'yes']), {})).toThrow(/takes no value/);
  });
});
