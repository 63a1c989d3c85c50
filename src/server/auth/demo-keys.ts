import { isIPv4, isIPv6 } from 'node:net';
import type { KeyBook } from '../store/store';
import { RateLimiter } from './rate-limiter';

/** The label of every minted demo key (the keys CLI lists it). */
export const DEMO_KEY_LABEL = 'demo';
/** A demo key works for 7 days after it is minted (decisions.md, "Demo keys"). */
export const DEMO_KEY_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** Demo keys one client address may mint in an hour, unless configured (SLAB_DEMO_KEYS_PER_HOUR). */
export const DEFAULT_DEMO_KEYS_PER_HOUR = 10;
/** Demo keys the whole server may mint in an hour, unless configured (SLAB_DEMO_KEYS_SERVER_PER_HOUR). */
export const DEFAULT_DEMO_KEYS_SERVER_PER_HOUR = 200;

export type MintResult =
  | { ok: true; key: string; tier: 'free'; expiresAt: Date }
  | { ok: false; waitMs: number; perHour: number; scope: 'address' | 'server' };

/** The bucket of the server-wide limit (no client address looks like it). */
const SERVER_BUCKET = 'server';

/**
 * Personal demo keys (decisions.md, "Demo keys"; docs/api.md, "Demo keys"): each visitor who asks
 * gets a free-tier key of their own that expires after 7 days, so no script can spend a shared key
 * for everyone. Minting is limited per client address (an IPv6 address by its /64, which one
 * machine usually holds whole) and for the whole server, by token buckets (`perHour` in a burst,
 * refilled evenly over the hour) kept in this process like the per-key rate limit. Each mint first
 * removes the keys that have expired, so they never pile up.
 */
export class DemoKeys {
  private readonly limiter: RateLimiter;
  private readonly server: RateLimiter;

  constructor(
    private readonly keys: KeyBook,
    private readonly perHour = DEFAULT_DEMO_KEYS_PER_HOUR,
    private readonly serverPerHour = DEFAULT_DEMO_KEYS_SERVER_PER_HOUR,
  ) {
    this.limiter = new RateLimiter(sameForEveryTier(perHour), { maxBuckets: 100_000 });
    this.server = new RateLimiter(sameForEveryTier(serverPerHour));
  }

  /** A new demo key for a client address, or how long that address (or everyone) must wait. */
  async mint(address: string, now: Date): Promise<MintResult> {
    const addressWait = this.limiter.take(clientBucket(address), 'free', now.getTime());
    if (addressWait > 0) return { ok: false, waitMs: addressWait, perHour: this.perHour, scope: 'address' };
    const serverWait = this.server.take(SERVER_BUCKET, 'free', now.getTime());
    if (serverWait > 0)
      return { ok: false, waitMs: serverWait, perHour: this.serverPerHour, scope: 'server' };
    await this.keys.removeExpired(now);
    const expiresAt = new Date(now.getTime() + DEMO_KEY_LIFETIME_MS);
    const made = await this.keys.create('free', DEMO_KEY_LABEL, now, expiresAt);
    return { ok: true, key: made.key, tier: 'free', expiresAt };
  }
}

function sameForEveryTier(perHour: number) {
  const rate = { perSecond: perHour / 3600, burst: perHour };
  return { free: rate, pro: rate, business: rate };
}

/**
 * The bucket a client address counts in: an IPv4 address itself (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its first 64 bits (`2001:db8:0:1::/64`).
 */
export function clientBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1] as string;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const zoneless = address.replace(/%.*$/, '');
  const [head = '', tail = ''] = zoneless.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = zoneless.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = zoneless.includes('::')
    ? [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
