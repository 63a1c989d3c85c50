import type { RateLimits } from './rate-limiter';
import type { Tier } from './tiers';

/**
 * decisions.md, "Compute budget": milliseconds of server time a second per key, in bursts of:
 * free 200 / 2,000, pro 500 / 5,000, business 2,000 / 20,000.
 */
export const DEFAULT_COMPUTE_LIMITS: RateLimits = {
  free: { perSecond: 200, burst: 2_000 },
  pro: { perSecond: 500, burst: 5_000 },
  business: { perSecond: 2_000, burst: 20_000 },
};

interface Budget {
  /** Milliseconds left; below zero after an answer that cost more than was left. */
  ms: number;
  /** When `ms` was last brought up to date (epoch ms). */
  at: number;
  /** The end of the last time charged (performance.now() ms): overlapping requests are charged once. */
  chargedUntil: number;
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * The server time each key may take, per process (docs/api.md, "Compute budget"): a bucket of
 * milliseconds per key, refilled at the tier's rate up to its burst. A request is let in while its
 * key's bucket is above zero, and what it took (from the start of its handling to its answer being
 * ready) is taken out afterwards, so one expensive answer can leave the bucket below zero and the
 * next requests wait until it has grown back. Cached answers cost next to nothing. Bounded like
 * the rate limiter: full buckets are dropped when the map has grown.
 */
export class ComputeBudget {
  private readonly budgets = new Map<string, Budget>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limits: RateLimits,
    private readonly maxBudgets = 100_000,
  ) {}

  /** 0 when key `id` may start a request at `nowMs`, else the milliseconds until it may. */
  wait(id: string, nowMs: number): number {
    const budget = this.budgets.get(id);
    if (budget === undefined) return 0;
    this.refill(budget, nowMs);
    if (budget.ms > 0) return 0;
    return Math.max(1, Math.ceil(((1 - budget.ms) * 1000) / budget.perSecond));
  }

  /**
   * Takes the server time of a request of key `id`, from `started` to `finished` (performance.now()
   * ms), out of its bucket. Time when another request of the key was already being handled is not
   * taken twice: a key is charged the time during which the server had at least one of its
   * requests in hand, so many connections in parallel cost it no more than one busy server.
   */
  charge(id: string, tier: Tier, started: number, finished: number, nowMs: number): void {
    let budget = this.budgets.get(id);
    if (budget === undefined) {
      if (this.budgets.size >= this.maxBudgets || nowMs - this.lastSweep >= 10_000) this.sweep(nowMs);
      const limit = this.limits[tier];
      budget = {
        ms: limit.burst,
        at: nowMs,
        chargedUntil: 0,
        perSecond: limit.perSecond,
        burst: limit.burst,
      };
      this.budgets.set(id, budget);
    } else this.refill(budget, nowMs);
    const from = Math.max(started, budget.chargedUntil);
    if (finished > from) budget.ms -= finished - from;
    if (finished > budget.chargedUntil) budget.chargedUntil = finished;
  }

  private refill(budget: Budget, nowMs: number): void {
    if (nowMs <= budget.at) return;
    budget.ms = Math.min(budget.burst, budget.ms + ((nowMs - budget.at) * budget.perSecond) / 1000);
    budget.at = nowMs;
  }

  /** Drops the buckets that are full again; at the bound, the oldest tenth too. */
  private sweep(nowMs: number): void {
    this.lastSweep = nowMs;
    for (const [id, budget] of this.budgets) {
      this.refill(budget, nowMs);
      if (budget.ms >= budget.burst) this.budgets.delete(id);
    }
    if (this.budgets.size < this.maxBudgets) return;
    const keep = Math.floor(this.maxBudgets * 0.9);
    for (const id of this.budgets.keys()) {
      if (this.budgets.size <= keep) break;
      this.budgets.delete(id);
    }
  }
}
