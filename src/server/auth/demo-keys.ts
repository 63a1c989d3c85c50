import type { KeyBook } from '../store/store';
import { clientBucket, networkBucket } from './client-address';
import { RateLimiter, sameForEveryTier, type TierRate } from './rate-limiter';

/** The label of every minted demo key (the keys CLI lists it). */
export const DEMO_KEY_LABEL = 'demo';
/** A demo key works for 7 days after it is minted (decisions.md, "Demo keys"). */
export const DEMO_KEY_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** How many demo keys may be minted (decisions.md, "Demo keys"; SLAB_DEMO_KEYS_* variables). */
export interface DemoKeyLimits {
  /** By one client address (an IPv6 address by its /64) in an hour... */
  perHour: number;
  /** ...and in a day. */
  perDay: number;
  /** By one network (IPv4 /24, IPv6 /48) in an hour. */
  networkPerHour: number;
  /** By the whole server in an hour. */
  serverPerHour: number;
}

export const DEFAULT_DEMO_KEY_LIMITS: DemoKeyLimits = {
  perHour: 10,
  perDay: 20,
  networkPerHour: 30,
  serverPerHour: 1_000,
};

/** Which limit refused a mint. */
export type MintScope = 'address' | 'address-day' | 'network' | 'server';

export type MintResult =
  | { ok: true; key: string; tier: 'free'; expiresAt: Date }
  | { ok: false; waitMs: number; scope: MintScope; limit: number; network: string };

const HOUR_S = 3600;
const DAY_S = 86_400;

/**
 * Personal demo keys (decisions.md, "Demo keys"; docs/api.md, "Demo keys"): each visitor who asks
 * gets a free-tier key of their own that expires after 7 days, so no script can spend a shared key
 * for everyone. Minting is limited by token buckets (the number in a burst, refilled evenly over
 * its hour or day) kept in this process like the per-key rate limit: per client address (an hour
 * and a day), per network, so that a few addresses of one network cannot take "Try it now" from
 * every visitor, and for the whole server. A mint takes a token from each only when all have one.
 * Each mint first removes the keys that have expired, so they never pile up.
 */
export class DemoKeys {
  private readonly buckets: ReadonlyArray<{ scope: MintScope; limiter: RateLimiter; limit: number }>;

  constructor(
    private readonly keys: KeyBook,
    limits: Partial<DemoKeyLimits> = {},
  ) {
    const { perHour, perDay, networkPerHour, serverPerHour } = {
      perHour: limits.perHour ?? DEFAULT_DEMO_KEY_LIMITS.perHour,
      perDay: limits.perDay ?? DEFAULT_DEMO_KEY_LIMITS.perDay,
      networkPerHour: limits.networkPerHour ?? DEFAULT_DEMO_KEY_LIMITS.networkPerHour,
      serverPerHour: limits.serverPerHour ?? DEFAULT_DEMO_KEY_LIMITS.serverPerHour,
    };
    const limiter = (count: number, seconds: number) =>
      new RateLimiter(sameForEveryTier(spread(count, seconds)));
    this.buckets = [
      { scope: 'address', limiter: limiter(perHour, HOUR_S), limit: perHour },
      { scope: 'address-day', limiter: limiter(perDay, DAY_S), limit: perDay },
      { scope: 'network', limiter: limiter(networkPerHour, HOUR_S), limit: networkPerHour },
      { scope: 'server', limiter: limiter(serverPerHour, HOUR_S), limit: serverPerHour },
    ];
  }

  /** A new demo key for a client address, or which limit refused it and how long to wait. */
  async mint(address: string, now: Date): Promise<MintResult> {
    const at = now.getTime();
    const network = networkBucket(address);
    const ids: Record<MintScope, string> = {
      address: clientBucket(address),
      'address-day': clientBucket(address),
      network,
      server: 'server',
    };
    // The limit whose token comes back last decides the wait.
    let refusal: { waitMs: number; scope: MintScope; limit: number } | null = null;
    for (const { scope, limiter, limit } of this.buckets) {
      const waitMs = limiter.wait(ids[scope], at);
      if (waitMs > 0 && (refusal === null || waitMs > refusal.waitMs)) refusal = { waitMs, scope, limit };
    }
    if (refusal !== null) return { ok: false, ...refusal, network };
    for (const { scope, limiter } of this.buckets) limiter.take(ids[scope], 'free', at);
    await this.keys.removeExpired(now);
    const expiresAt = new Date(at + DEMO_KEY_LIFETIME_MS);
    const made = await this.keys.create('free', DEMO_KEY_LABEL, now, expiresAt);
    return { ok: true, key: made.key, tier: 'free', expiresAt };
  }
}

/** `count` in a burst, refilled evenly over `seconds`. */
const spread = (count: number, seconds: number): TierRate => ({ perSecond: count / seconds, burst: count });
