import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook (or any request the server makes for a user) must not reach unless the site
 * allows it: loopback, private networks, link-local (cloud metadata at 169.254.169.254), shared
 * address space, documentation, benchmarking, multicast, reserved and unspecified, in IPv4 and IPv6.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
// ::/96, ::ffff:0:0/96, ::ffff:0:0:0/96, 64:ff9b::/96 and 2002::/16 hold an IPv4 address and are
// judged by it (embeddedIpv4), :: and ::1 included (0.0.0.0 and 0.0.0.1, in 0.0.0.0/8).
for (const [network, prefix] of [
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/**
 * Whether `address` (an IP literal) is one of the above. An IPv6 address that carries an IPv4
 * address is judged by that IPv4 address, whichever way it is written (`::127.0.0.1`,
 * `::ffff:7f00:1`, `2002:7f00:1::`): a system may route it to the IPv4 host.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const ipv4 = embeddedIpv4(bytes);
  if (ipv4) return blocked.check(ipv4, 'ipv4');
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, as a dotted quad, or null: IPv4-compatible (::a.b.c.d,
 * ::/96), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 2765), the NAT64
 * well-known prefix (64:ff9b::/96, RFC 6052) and 6to4 (2002:aabb:ccdd::/48, RFC 3056).
 */
function embeddedIpv4(bytes: readonly number[]): string | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const quad = (at: number) => bytes.slice(at, at + 4).join('.');
  const word = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  if (zeros(0, 10) && (word(10) === 0 || word(10) === 0xffff)) return quad(12);
  if (zeros(0, 8) && word(8) === 0xffff && word(10) === 0) return quad(12);
  if (word(0) === 0x64 && word(2) === 0xff9b && zeros(4, 12)) return quad(12);
  if (word(0) === 0x2002) return quad(2);
  return null;
}

/** The 16 bytes of an IPv6 literal (`::` and a trailing dotted quad allowed, a zone id ignored), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const all = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (all.length !== 8 || !all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 255];
  });
}

export class PrivateAddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or reserved address: refused.`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s) agents that refuses a host any of whose addresses is private: the check is
 * made on the addresses the connection will use, so a name that resolved to a public address when
 * the webhook was saved and to 127.0.0.1 now (DNS rebinding) is still refused.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { all: true, family: options.family as 0 | 4 | 6 | undefined }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused)
      return callback(new PrivateAddressRefused(hostname, refused.address) as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error(`${hostname} has no address.`) as NodeJS.ErrnoException, []);
    return callback(null, first.address, first.family);
  });
}
