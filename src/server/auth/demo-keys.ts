import type { KeyBook } from '../store/store';
import { RateLimiter } from './rate-limiter';

/** The label of every minted demo key (the keys CLI lists it). */
export const DEMO_KEY_LABEL = 'demo';
/** A demo key works for 7 days after it is minted (decisions.md, "Demo keys"). */
export const DEMO_KEY_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** Demo keys one client address may mint in an hour, unless configured (SLAB_DEMO_KEYS_PER_HOUR). */
export const DEFAULT_DEMO_KEYS_PER_HOUR = 10;

export type MintResult =
  | { ok: true; key: string; tier: 'free'; expiresAt: Date }
  | { ok: false; waitMs: number; perHour: number };

/**
 * Personal demo keys (decisions.md, "Demo keys"; docs/api.md, "Demo keys"): each visitor who asks
 * gets a free-tier key of their own that expires after 7 days, so no script can spend a shared key
 * for everyone. Minting is limited per client address by a token bucket (`perHour` in a burst,
 * refilled evenly over the hour), kept in this process like the per-key rate limit. Each mint first
 * removes the keys that have expired, so they never pile up.
 */
export class DemoKeys {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly keys: KeyBook,
    private readonly perHour = DEFAULT_DEMO_KEYS_PER_HOUR,
  ) {
    const rate = { perSecond: perHour / 3600, burst: perHour };
    this.limiter = new RateLimiter({ free: rate, pro: rate, business: rate }, { maxBuckets: 100_000 });
  }

  /** A new demo key for a client address, or how long that address must wait. */
  async mint(address: string, now: Date): Promise<MintResult> {
    const waitMs = this.limiter.take(address, 'free', now.getTime());
    if (waitMs > 0) return { ok: false, waitMs, perHour: this.perHour };
    await this.keys.removeExpired(now);
    const expiresAt = new Date(now.getTime() + DEMO_KEY_LIFETIME_MS);
    const made = await this.keys.create('free', DEMO_KEY_LABEL, now, expiresAt);
    return { ok: true, key: made.key, tier: 'free', expiresAt };
  }
}
