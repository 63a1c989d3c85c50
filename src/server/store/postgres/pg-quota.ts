import type pg from 'pg';
import type { KeyRecord } from '../../auth/api-keys';
import { quotaMonth, quotaWindow, TIER_QUOTAS, type Tier } from '../../auth/tiers';
import type { Quota, SpendResult, UsageCounts } from '../store';

export interface PgQuotaOptions {
  /** Calls a month per tier (default TIER_QUOTAS): tests give the free tier a small quota. */
  quotas?: Record<Tier, number>;
}

/**
 * The check and the increment of a call, in one statement. It inserts the month's row at 1, or adds
 * 1 to it while it is below the quota; RETURNING gives the count after the increment, and no row
 * when the quota is spent. Concurrent calls of one key serialize on the row lock (the first insert
 * of a month on the unique index), and each re-reads the committed count before its WHERE: so N
 * parallel calls from any number of processes against quota Q get exactly min(N, Q) rows back, with
 * every count 1..Q once. Prepared once per connection (`name`), so a call is one Bind/Execute round
 * trip.
 */
const SPEND = {
  name: 'slab_spend_quota',
  text: `WITH spent AS (
           INSERT INTO key_usage AS u (key_id, month, used) VALUES ($1, $2, 1)
           ON CONFLICT (key_id, month) DO UPDATE SET used = u.used + 1 WHERE u.used < $3
           RETURNING u.used
         ), daily AS (
           INSERT INTO key_usage_daily AS d (key_id, day, operation, calls)
           SELECT $1, $4, $5, 1 FROM spent
           ON CONFLICT (key_id, day, operation) DO UPDATE SET calls = d.calls + 1
         )
         SELECT used FROM spent`,
};

/**
 * The month's count and its calls by day and operation, in one statement (one snapshot): since
 * SPEND writes both in one statement, the rows add up to the count (calls spent from migration
 * pg-101 on).
 */
const USAGE = {
  name: 'slab_read_usage',
  text: `SELECT NULL AS day, NULL AS operation, used AS calls FROM key_usage WHERE key_id = $1 AND month = $2
         UNION ALL
         SELECT day, operation, calls FROM key_usage_daily WHERE key_id = $1 AND day >= $3 AND day < $4`,
};

const READ = {
  name: 'slab_read_quota',
  text: 'SELECT used FROM key_usage WHERE key_id = $1 AND month = $2',
};

/** How long a count this process saw answers recentRemaining, and how many keys' counts it keeps. */
const RECENT_MS = 1_000;
const MAX_SEEN = 100_000;

/**
 * The monthly quota on PostgreSQL, exact across every process that shares the database: each spent
 * call is one autocommitted statement (SPEND) whose commit comes before the answer is sent. Nothing
 * is kept in memory, so a crash of a process loses no spent call (docs/postgres-multi-process.md).
 */
export class PgQuota implements Quota {
  private readonly quotas: Record<Tier, number>;
  /** The count each key had when this process last read or spent it (recentRemaining). */
  private readonly seen = new Map<string, { month: string; used: number; atMs: number }>();

  constructor(
    private readonly pool: pg.Pool,
    options: PgQuotaOptions = {},
  ) {
    this.quotas = options.quotas ?? TIER_QUOTAS;
  }

  /** Calls left this month for a key, without spending one (as committed now, by every process). */
  async remaining(key: KeyRecord, at: Date): Promise<number> {
    const { rows } = await this.pool.query<{ used: number | string }>({
      ...READ,
      values: [key.id, quotaMonth(at)],
    });
    const used = rows[0] === undefined ? 0 : Number(rows[0].used);
    this.see(key, at, used);
    return Math.max(0, this.quotas[key.tier] - used);
  }

  /**
   * What was left when this process last read or spent the key's count, if that was within
   * RECENT_MS (store.ts, `Quota.recentRemaining`): the keyed pipeline's check before it computes an
   * answer, which so costs no round trip for a key in steady use.
   */
  recentRemaining(key: KeyRecord, at: Date): number | undefined {
    const seen = this.seen.get(key.id);
    if (seen === undefined || seen.month !== quotaMonth(at) || performance.now() - seen.atMs > RECENT_MS)
      return undefined;
    return Math.max(0, this.quotas[key.tier] - seen.used);
  }

  private see(key: KeyRecord, at: Date, used: number): void {
    if (this.seen.size >= MAX_SEEN) this.seen.clear();
    this.seen.set(key.id, { month: quotaMonth(at), used, atMs: performance.now() });
  }

  /** Spends one call if the quota allows it: the atomic check-and-increment (SPEND). */
  async trySpend(key: KeyRecord, at: Date, operation = ''): Promise<SpendResult> {
    const quota = this.quotas[key.tier];
    if (quota <= 0) return { ok: false, remaining: 0 }; // SPEND would insert a first call
    let rows: { used: number | string }[];
    try {
      ({ rows } = await this.pool.query<{ used: number | string }>({
        ...SPEND,
        values: [key.id, quotaMonth(at), quota, at.toISOString().slice(0, 10), operation],
      }));
    } catch (error) {
      // 23503: the key was removed (an expired demo key) since this request found it: nothing to spend.
      if ((error as { code?: unknown }).code === '23503') return { ok: false, remaining: 0 };
      throw error;
    }
    const row = rows[0];
    this.see(key, at, row === undefined ? quota : Number(row.used));
    if (row === undefined) return { ok: false, remaining: 0 };
    return { ok: true, remaining: quota - Number(row.used) };
  }

  /** What the key spent in the month of `at`, as committed now by every process (USAGE). */
  async usageOf(key: KeyRecord, at: Date): Promise<UsageCounts> {
    const window = quotaWindow(at);
    const { rows } = await this.pool.query<{
      day: string | null;
      operation: string | null;
      calls: number | string;
    }>({
      ...USAGE,
      values: [
        key.id,
        window.month,
        new Date(window.startMs).toISOString().slice(0, 10),
        new Date(window.resetMs).toISOString().slice(0, 10),
      ],
    });
    let used = 0;
    const byDay: UsageCounts['rows'] = [];
    for (const row of rows) {
      if (row.day === null) used = Number(row.calls);
      else byDay.push({ day: row.day, operation: row.operation ?? '', calls: Number(row.calls) });
    }
    return { used, rows: byDay };
  }

  /** Nothing is pending: every spent call is committed before trySpend returns. The pool is its owner's to end. */
  async close(): Promise<void> {}
}
