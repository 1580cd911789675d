import { describe, expect, it } from 'vitest';
import { NetworkRefusal, parseAllowedHost, type ResolvedAddress, resolveDestination } from '../../src-main/net/network-policy';

/** Fake DNS: every name answers these addresses. Nothing here ever connects anywhere. */
const answering =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(url: string, policy: Parameters<typeof resolveDestination>[1]): Promise<string> {
  const error = await resolveDestination(new URL(url), policy).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof NetworkRefusal)) throw new Error(`expected a refusal of ${url}, got ${String(error)}`);
  return error.message;
}

describe('resolveDestination', () => {
  it.each([
    ['10.0.0.1', 'a private network address'],
    ['172.16.5.4', 'a private network address'],
    ['192.168.1.1', 'a private network address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT (shared) address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a private network address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:10.0.0.1', 'a private network address'],
    ['127.0.0.1', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
  ])('refuses a name resolving to %s, saying what it is and naming the flag', async (address, kind) => {
    const message = await refusal('https://docs.example.com/start', { resolveHost: answering(address) });
    expect(message).toBe(`docs.example.com resolves to ${kind}; this server does not fetch private network addresses (start it with --allow-private-network to allow them, or --allow-host HOST[:PORT] for one host)`);
  });

  it('allows a name resolving to a public address, answering the addresses a connection may use', async () => {
    expect(await resolveDestination(new URL('https://docs.example.com/'), { resolveHost: answering('93.184.216.34') })).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses an answer holding one public and one private address', async () => {
    expect(await refusal('https://mixed.example.com/', { resolveHost: answering('93.184.216.34', '10.0.0.1') })).toMatch(/resolves to a private network address/);
  });

  it('refuses every spelling of a loopback literal without asking DNS', async () => {
    const resolveHost = async (): Promise<ResolvedAddress[]> => {
      throw new Error('an IP literal must not be resolved');
    };
    for (const url of ['http://127.0.0.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/', 'http://127.0.0.1./', 'http://0x7f.1/', 'http://%31%32%37.0.0.1/', 'http://[::ffff:0:127.0.0.1]/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://0.0.0.0/', 'http://0/']) {
      expect(await refusal(url, { resolveHost }), url).toMatch(/is (a loopback|an unspecified) address; this server does not fetch private network addresses/);
    }
  });

  it('refuses other schemes than http and https', async () => {
    for (const url of ['ftp://example.com/x', 'gopher://example.com/', 'data:text/plain,hello', 'file:///etc/passwd']) {
      expect(await refusal(url, { allowPrivateNetwork: true, resolveHost: answering('93.184.216.34') }), url).toMatch(/URLs are not fetched \(only http and https\)$/);
    }
  });

  it('allows private addresses when the policy allows the private network', async () => {
    expect(await resolveDestination(new URL('http://wiki.corp/'), { allowPrivateNetwork: true, resolveHost: answering('10.0.0.1') })).toEqual([{ address: '10.0.0.1', family: 4 }]);
  });

  it('allows a private host on the allow-list, at the listed port only when one is given', async () => {
    const resolveHost = answering('10.1.2.3');
    await expect(resolveDestination(new URL('http://wiki.corp/a'), { allowHosts: ['wiki.corp'], resolveHost })).resolves.toHaveLength(1);
    await expect(resolveDestination(new URL('https://WIKI.corp:8443/a'), { allowHosts: ['wiki.corp:8443'], resolveHost })).resolves.toHaveLength(1);
    expect(await refusal('http://wiki.corp:8080/a', { allowHosts: ['wiki.corp:8443'], resolveHost })).toMatch(/^wiki\.corp resolves to a private network address/);
    expect(await refusal('http://other.corp/', { allowHosts: ['wiki.corp'], resolveHost })).toMatch(/^other\.corp resolves to a private network address/);
    // An address on the list allows the names resolving to it; a literal on the list matches its other spellings.
    await expect(resolveDestination(new URL('http://any.corp/'), { allowHosts: ['10.1.2.3'], resolveHost })).resolves.toHaveLength(1);
    await expect(resolveDestination(new URL('http://2130706433:8080/'), { allowHosts: ['127.0.0.1:8080'] })).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolveDestination(new URL('http://[::1]:80/'), { allowHosts: ['[::1]:80'] })).resolves.toHaveLength(1);
  });
});

describe('parseAllowedHost', () => {
  it('reads HOST and HOST:PORT entries, normalized as URLs write hosts', () => {
    expect(parseAllowedHost('Wiki.Corp')).toEqual({ hostname: 'wiki.corp', port: undefined });
    expect(parseAllowedHost('10.0.0.5:8080')).toEqual({ hostname: '10.0.0.5', port: '8080' });
    expect(parseAllowedHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
    expect(parseAllowedHost('0x7f000001')).toEqual({ hostname: '127.0.0.1', port: undefined });
  });

  it('refuses entries that are not HOST or HOST:PORT', () => {
    for (const entry of ['http://wiki.corp', 'wiki.corp/path', 'wiki.corp:port', '', '::1']) expect(() => parseAllowedHost(entry), entry).toThrow(/is not HOST or HOST:PORT/);
  });
});
