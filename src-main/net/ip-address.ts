import { isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of destination an IP address is, for the outbound-fetch policy (network-policy.ts). Only
 * `public` addresses are reachable by default from a shared server; every other kind reaches the
 * server's own machine or networks that its users could not reach themselves.
 */
type AddressKind = 'public' | 'loopback' | 'private' | 'shared' | 'link-local' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

/** How a refusal names each kind that is not public. */
export const ADDRESS_KIND_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  shared: 'a carrier-grade NAT (shared) address',
  'link-local': 'a link-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/** IPv4 ranges that are not public: [first address, prefix length, kind]. Everything else is public. */
const IPV4_RANGES: Array<[string, number, Exclude<AddressKind, 'public'>]> = [
  ['0.0.0.0', 8, 'unspecified'], // "this network": 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // includes cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // former 6to4 relays
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // documentation
  ['203.0.113.0', 24, 'reserved'], // documentation
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV4_TABLE = IPV4_RANGES.map(([base, prefix, kind]) => ({ base: parseIPv4(base)!, mask: prefixMask(prefix), kind }));

function prefixMask(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/** A dotted-quad IPv4 address as an unsigned 32-bit number (the form DNS answers and WHATWG URLs give). */
function parseIPv4(text: string): number | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').reduce((value, part) => ((value << 8) | Number(part)) >>> 0, 0);
}

/** An IPv6 address (brackets and a zone allowed) as its eight 16-bit groups. */
export function parseIPv6(text: string): number[] | undefined {
  let s = text.replace(/^\[(.*)\]$/, '$1');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!isIPv6(s)) return undefined;
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two groups.
  const lastColon = s.lastIndexOf(':');
  const tail = parseIPv4(s.slice(lastColon + 1));
  if (tail !== undefined) s = `${s.slice(0, lastColon + 1)}${(tail >>> 16).toString(16)}:${(tail & 0xffff).toString(16)}`;
  const halves = s.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const groups = halves.length === 2 ? [...head, ...Array.from({ length: 8 - head.length - rest.length }, () => 0), ...rest] : head;
  return groups.length === 8 ? groups : undefined;
}

/** The kind of an IP address; anything that is not an IP address at all counts as reserved. */
export function classifyAddress(address: string): AddressKind {
  const v4 = parseIPv4(address);
  if (v4 !== undefined) return classifyIPv4(v4);
  const v6 = parseIPv6(address);
  return v6 ? classifyIPv6(v6) : 'reserved';
}

function classifyIPv4(value: number): AddressKind {
  for (const range of IPV4_TABLE) if (((value & range.mask) >>> 0) === range.base) return range.kind;
  return 'public';
}

function classifyIPv6(g: number[]): AddressKind {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embedded = (hi: number, lo: number) => classifyIPv4(((hi << 16) | lo) >>> 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // Spellings of an IPv4 address, which reach what that IPv4 address reaches:
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!); // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(0, 6)) return embedded(g[6]!, g[7]!); // IPv4-compatible ::a.b.c.d (deprecated)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!); // IPv4-translated ::ffff:0:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!); // NAT64 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // local-use NAT64 64:ff9b:1::/48
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!); // 6to4 2002:aabb:ccdd::/48
  const first = g[0]!;
  if (first === 0x2001 && g[1] === 0) return 'reserved'; // Teredo: the tunnelled IPv4 address is hidden
  if (first === 0x2001 && (g[1] === 0xdb8 || (g[1]! & 0xfff0) === 0x10 || (g[1]! & 0xfff0) === 0x20)) return 'reserved'; // documentation, ORCHID
  if (first === 0x2001 && g[1] === 2 && g[2] === 0) return 'reserved'; // benchmarking
  if (first === 0x3fff && (g[1]! & 0xf000) === 0) return 'reserved'; // documentation 3fff::/20
  if ((first & 0xe000) === 0x2000) return 'public'; // global unicast 2000::/3
  if ((first & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return 'multicast';
  return 'reserved'; // not allocated for global unicast (discard-only 100::/64 and the rest)
}
