import type { KeyRecord } from '../../auth/api-keys';
import { quotaMonth, quotaWindow, TIER_QUOTAS } from '../../auth/tiers';
import type { Quota, SpendResult, UsageCounts } from '../store';
import type { Db } from './database';

export interface UsageMeterOptions {
  /** Flush as soon as this many spent calls are not yet in the store (all keys together). */
  flushEvery?: number;
  /** Flush at the latest this long after the first call that is not yet in the store. */
  flushAfterMs?: number;
  /** Told when a flush fails (the calls stay pending and are retried). */
  onFlushError?: (error: unknown) => void;
  /**
   * Whether the store may be written now (false during a store fault: a write to a file made
   * immutable under the server would raise SIGBUS); the calls then stay pending. Default: always.
   */
  canWrite?: () => boolean;
}

interface Counter {
  keyId: string;
  month: string;
  /** Calls spent this month: what the store had when the counter was loaded, plus `pending`. */
  used: number;
  /** Calls spent here and not yet written to the store. */
  pending: number;
}

/** Calls of one key on one UTC day to one operation, spent here and not yet written (key_usage_daily). */
interface DailyPending {
  keyId: string;
  day: string;
  operation: string;
  pending: number;
}

/** Defaults documented in docs/api.md ("What a crash can lose"). */
export const USAGE_FLUSH_EVERY = 50;
export const USAGE_FLUSH_AFTER_MS = 1_000;
/** How long a flush on the request path waits for another process's write lock. */
const LOCK_WAIT_MS = 20;

/**
 * Monthly quota accounting. The check and the increment are one synchronous step in memory
 * (Node runs one request handler at a time), so N parallel calls against a quota Q < N give
 * exactly Q successes and `remaining` never repeats or goes below 0. The counts are written to
 * `key_usage` in batches: when `flushEvery` calls are pending, `flushAfterMs` after the first
 * pending call, and on `close()` (graceful shutdown). A crash (SIGKILL) therefore loses at most
 * `flushEvery - 1` spent calls, all of them answered within the last `flushAfterMs` (unless another
 * process held the store's write lock meanwhile: then the counts wait for it, see `flush`).
 *
 * One server process per store: two servers on one store would each enforce the quota on their
 * own count (the writes themselves add up correctly, as deltas).
 */
export class UsageMeter implements Quota {
  /** Every counter not yet forgotten, by `keyId|month` (a past month's stays until written). */
  private readonly counters = new Map<string, Counter>();
  /** The latest counter of each key: the lookup of every call, without building the `keyId|month` name. */
  private readonly latest = new Map<string, Counter>();
  /** The pending calls by key, day and operation, written with the counters' batch. */
  private readonly daily = new Map<string, DailyPending>();
  private readonly readUsed;
  private readonly readDaily;
  private readonly addBatch;
  /** The busy timeout of the store connection, restored after a flush on the request path. */
  private readonly busyTimeout: number;
  private readonly flushEvery: number;
  private readonly flushAfterMs: number;
  private readonly canWrite: (() => boolean) | undefined;
  private readonly onFlushError: (error: unknown) => void;
  private pendingTotal = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Set while the store refuses writes (another process holds the write lock): retry on the timer only. */
  private backingOff = false;

  constructor(
    private readonly db: Db,
    options: UsageMeterOptions = {},
  ) {
    this.flushEvery = options.flushEvery ?? USAGE_FLUSH_EVERY;
    this.canWrite = options.canWrite;
    this.flushAfterMs = options.flushAfterMs ?? USAGE_FLUSH_AFTER_MS;
    this.onFlushError = options.onFlushError ?? (() => {});
    this.readUsed = db
      .prepare<[string, string], number>('SELECT used FROM key_usage WHERE key_id = ? AND month = ?')
      .pluck();
    // (A PRAGMA takes effect when it is prepared, so a prepared one cannot be reused to set the busy
    // timeout: db.exec sets it.)
    this.busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
    // A key removed meanwhile (an expired demo key) takes its unwritten calls with it: were they
    // inserted, the foreign key would fail the whole batch, and every flush after it.
    const addUsed = db.prepare(
      `INSERT INTO key_usage (key_id, month, used)
       SELECT @keyId, @month, @pending WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = @keyId)
       ON CONFLICT (key_id, month) DO UPDATE SET used = used + excluded.used`,
    );
    const addDaily = db.prepare(
      `INSERT INTO key_usage_daily (key_id, day, operation, calls)
       SELECT @keyId, @day, @operation, @pending WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = @keyId)
       ON CONFLICT (key_id, day, operation) DO UPDATE SET calls = calls + excluded.calls`,
    );
    this.readDaily = db.prepare<[string, string, string], { day: string; operation: string; calls: number }>(
      'SELECT day, operation, calls FROM key_usage_daily WHERE key_id = ? AND day >= ? AND day < ?',
    );
    this.addBatch = db.transaction((batch: Counter[], daily: DailyPending[]) => {
      for (const { keyId, month, pending } of batch) addUsed.run({ keyId, month, pending });
      for (const { keyId, day, operation, pending } of daily)
        addDaily.run({ keyId, day, operation, pending });
    });
  }

  /** Calls left this month for a key (without spending one). */
  async remaining(key: KeyRecord, at: Date): Promise<number> {
    return this.recentRemaining(key, at);
  }

  /** The meter keeps the counts in memory: what it has is the count now. */
  recentRemaining(key: KeyRecord, at: Date): number {
    return Math.max(0, TIER_QUOTAS[key.tier] - this.counter(key.id, at).used);
  }

  /** Spends one call if the quota allows it: the atomic check-and-increment. */
  trySpend(key: KeyRecord, at: Date, operation = ''): SpendResult {
    const counter = this.counter(key.id, at);
    const quota = TIER_QUOTAS[key.tier];
    if (counter.used >= quota) return { ok: false, remaining: 0 };
    counter.used += 1;
    counter.pending += 1;
    const day = at.toISOString().slice(0, 10);
    const id = `${key.id}|${day}|${operation}`;
    const daily = this.daily.get(id);
    if (daily === undefined) this.daily.set(id, { keyId: key.id, day, operation, pending: 1 });
    else daily.pending += 1;
    this.pendingTotal += 1;
    if (this.pendingTotal >= this.flushEvery && !this.backingOff) this.flush();
    else this.scheduleFlush();
    return { ok: true, remaining: quota - counter.used };
  }

  /** The month's count of the key as this meter has it, and its calls by day and operation (store and pending). */
  async usageOf(key: KeyRecord, at: Date): Promise<UsageCounts> {
    const used = this.counter(key.id, at).used;
    const window = quotaWindow(at);
    const from = new Date(window.startMs).toISOString().slice(0, 10);
    const to = new Date(window.resetMs).toISOString().slice(0, 10);
    const byId = new Map<string, { day: string; operation: string; calls: number }>();
    for (const row of this.readDaily.all(key.id, from, to))
      byId.set(`${row.day}|${row.operation}`, { ...row });
    for (const daily of this.daily.values()) {
      if (daily.keyId !== key.id || daily.day < from || daily.day >= to) continue;
      const id = `${daily.day}|${daily.operation}`;
      const row = byId.get(id);
      if (row === undefined)
        byId.set(id, { day: daily.day, operation: daily.operation, calls: daily.pending });
      else row.calls += daily.pending;
    }
    return { used, rows: [...byId.values()] };
  }

  /** Number of spent calls not yet written to the store. */
  get pending(): number {
    return this.pendingTotal;
  }

  /**
   * Writes every pending count to the store in one transaction. On the request path it waits at most
   * LOCK_WAIT_MS for another process's write lock (a seed or ingest can hold it for seconds): the
   * counts then stay pending and are retried every `flushAfterMs`, without blocking requests.
   */
  flush(): void {
    this.write(true);
  }

  /**
   * Flushes, waiting as long as the store's busy timeout if need be; the meter must not be used
   * afterwards. The write is done before the promise is returned (a caller may close the store next).
   */
  async close(): Promise<void> {
    this.write(false);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private write(shortWait: boolean): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pendingTotal === 0) return;
    if (this.canWrite !== undefined && !this.canWrite()) {
      this.scheduleFlush();
      return;
    }
    if (!this.db.open) {
      // The store was closed under the meter (its owner skipped close()): report, never throw from a timer.
      this.onFlushError(new Error(`store closed with ${this.pendingTotal} spent calls not written`));
      return;
    }
    const batch = [...this.counters.values()].filter((counter) => counter.pending > 0);
    if (shortWait) this.db.exec(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`);
    try {
      this.addBatch(batch, [...this.daily.values()]);
    } catch (error) {
      this.onFlushError(error);
      this.backingOff = true;
      this.scheduleFlush();
      return;
    } finally {
      if (shortWait) this.db.exec(`PRAGMA busy_timeout = ${this.busyTimeout}`);
    }
    this.backingOff = false;
    for (const counter of batch) counter.pending = 0;
    this.daily.clear();
    this.pendingTotal = 0;
  }

  private scheduleFlush(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.flush(), this.flushAfterMs);
    this.timer.unref();
  }

  private counter(keyId: string, at: Date): Counter {
    const month = quotaMonth(at);
    const latest = this.latest.get(keyId);
    if (latest !== undefined && latest.month === month) return latest;
    const id = `${keyId}|${month}`;
    let counter = this.counters.get(id);
    if (counter === undefined) {
      this.forgetOtherMonths(month);
      counter = { keyId, month, used: this.readUsed.get(keyId, month) ?? 0, pending: 0 };
      this.counters.set(id, counter);
    }
    this.latest.set(keyId, counter);
    return counter;
  }

  /** Drops counters of past months once written, so the map holds one month of keys. */
  private forgetOtherMonths(month: string): void {
    for (const [id, counter] of this.counters) {
      if (counter.month !== month && counter.pending === 0) {
        this.counters.delete(id);
        if (this.latest.get(counter.keyId) === counter) this.latest.delete(counter.keyId);
      }
    }
  }
}
