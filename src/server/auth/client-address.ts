import { isIPv4, isIPv6 } from 'node:net';

/**
 * The bucket a client address counts in: an IPv4 address itself (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its first 64 bits (`2001:db8:0:1::/64`).
 */
export function clientBucket(address: string): string {
  const ipv4 = asIPv4(address);
  if (ipv4 !== null || !isIPv6(address)) return ipv4 ?? address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/**
 * The network a client address belongs to, as demo-key minting counts it (decisions.md, "Demo
 * keys"): an IPv4 address by its /24 (`203.0.113.0/24`), an IPv6 address by its /48 (a site's
 * usual allocation: `2001:db8:0::/48`).
 */
export function networkBucket(address: string): string {
  const ipv4 = asIPv4(address);
  if (ipv4 !== null) return `${ipv4.slice(0, ipv4.lastIndexOf('.'))}.0/24`;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
}

/** An IPv4 address, or an IPv4-mapped IPv6 address as its IPv4; null for anything else. */
function asIPv4(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1] as string;
  return isIPv4(address) ? address : null;
}

/** The eight groups of an IPv6 address, in short hexadecimal (`0db8` as `db8`), zone left out. */
function ipv6Groups(address: string): string[] {
  const zoneless = address.replace(/%.*$/, '');
  const [head = '', tail = ''] = zoneless.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = zoneless.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = zoneless.includes('::')
    ? [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups]
    : headGroups;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
