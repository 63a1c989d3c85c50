import pg from 'pg';
import type { ChangeSignal } from '../store';

/** The channel every change is announced on (seed, ingest, revoke, removal of expired keys). */
export const CHANGE_CHANNEL = 'slab_changes';
/** The `app_settings` row every announced change bumps: what the poll reads when a NOTIFY is lost. */
export const CHANGE_VERSION_SETTING = 'change_version';

/** The `application_name` of every LISTEN connection (pg_stat_activity shows one per server process). */
export const CHANGE_LISTENER_NAME = 'slab-changes';

/** Default poll period: with the LISTEN connection down or a notification lost, a change is seen within it (plus one round trip). */
export const CHANGE_POLL_MS = 500;

/**
 * What the poll reads: the version every announced change bumps, and the market's data version
 * (bumped by every rebuild of the derived tables, in the seed's or ingest's transaction). Either
 * one moving means a commit happened that a cache may depend on. One indexed read of each table.
 */
export const CHANGE_VERSION_SQL = `SELECT
  (SELECT value FROM app_settings WHERE name = '${CHANGE_VERSION_SETTING}') AS changes,
  (SELECT value FROM market_meta WHERE key = 'data_version') AS market`;

/**
 * Inside the caller's transaction: bumps the change version and sends `NOTIFY slab_changes`. Both
 * take effect at commit, and only then (a rolled-back change announces nothing). `what` is the
 * payload, for logs: `keys` or `market`.
 */
export async function announceChange(client: pg.ClientBase, what: 'keys' | 'market'): Promise<void> {
  await client.query(
    `WITH bumped AS (
       INSERT INTO app_settings (name, value) VALUES ('${CHANGE_VERSION_SETTING}', '1')
       ON CONFLICT (name) DO UPDATE SET value = (app_settings.value::bigint + 1)::text
       RETURNING value)
     SELECT pg_notify('${CHANGE_CHANNEL}', $1 || ' ' || value) FROM bumped`,
    [what],
  );
}

/** Changes committed by this process, per pool (shared by every PgChangeSignal on it). */
const localChanges = new WeakMap<pg.Pool, number>();

/**
 * After the commit of an announced change: moves every signal of this pool at once, without waiting
 * for the notification to come back (a request that follows the revoke in this process must already
 * see it). Call it after COMMIT, never before: a count that moves before the commit lets a cache fill
 * from the old rows under the new count.
 */
export function noteLocalChange(pool: pg.Pool): void {
  localChanges.set(pool, (localChanges.get(pool) ?? 0) + 1);
}

export interface PgChangeSignalOptions {
  /** How often the change version is read besides LISTEN (default 500 ms). */
  pollMs?: number;
  /** First pause before reconnecting the LISTEN connection (default 100 ms), doubled up to `reconnectMaxMs`. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /**
   * A poll on the LISTEN connection that takes longer fails, and the connection is replaced and the
   * count moved (default 500 ms): a connection that died without a word still moves the count within
   * `pollMs` + `pollTimeoutMs` (1 s) of a commit.
   */
  pollTimeoutMs?: number;
  /** Told when the LISTEN connection drops or a poll fails (the signal carries on). */
  onError?: (error: unknown) => void;
}

/**
 * The change count of a PostgreSQL store. It LISTENs on `slab_changes` over a connection of its own
 * (not one of the pool's: a pooled client is handed to queries and its LISTEN would be lost or
 * shared), and bumps its count on:
 *
 * - every notification (every process's announced commit, this one's included);
 * - every loss and every reconnection of the LISTEN connection (notifications sent while it was
 *   down are lost); it reconnects with a backoff of 100 ms doubling up to 5 s;
 * - a change of the polled version (CHANGE_VERSION_SQL) every `pollMs`: the fallback that keeps the
 *   1 s bound if a notification is lost. While the LISTEN connection is down the poll goes through
 *   the pool;
 * - this process's own commits, at once (`noteLocalChange`).
 *
 * So a revoke or an ingest committed by any process moves the count within one notification delay
 * (a few ms), and at worst within `pollMs` plus a round trip.
 */
export class PgChangeSignal implements ChangeSignal {
  private readonly pollMs: number;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  private readonly pollTimeoutMs: number;
  private readonly onError: (error: unknown) => void;
  private count = 0;
  private version: string | null = null;
  private listener: pg.Client | null = null;
  private polling = false;
  private closed = false;
  private backoffMs: number;
  private pollTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly pool: pg.Pool,
    options: PgChangeSignalOptions,
  ) {
    this.pollMs = options.pollMs ?? CHANGE_POLL_MS;
    this.reconnectMinMs = options.reconnectMinMs ?? 100;
    this.reconnectMaxMs = options.reconnectMaxMs ?? 5_000;
    this.pollTimeoutMs = options.pollTimeoutMs ?? CHANGE_POLL_MS;
    this.onError = options.onError ?? (() => {});
    this.backoffMs = this.reconnectMinMs;
  }

  /** A signal listening on the pool's database: resolves once LISTEN is in place and the version read. */
  static async open(pool: pg.Pool, options: PgChangeSignalOptions = {}): Promise<PgChangeSignal> {
    const signal = new PgChangeSignal(pool, options);
    try {
      await signal.listen();
      await signal.poll();
    } catch (error) {
      await signal.close();
      throw error;
    }
    signal.pollTimer = setInterval(() => void signal.poll(), signal.pollMs);
    signal.pollTimer.unref();
    return signal;
  }

  read(): number {
    return this.count + (localChanges.get(this.pool) ?? 0);
  }

  /** Whether the LISTEN connection is up (tests, health). */
  get isListening(): boolean {
    return this.listener !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.pollTimer = null;
    this.reconnectTimer = null;
    const listener = this.listener;
    this.listener = null;
    if (listener !== null) await listener.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    // keepAlive and a query timeout: a connection that died silently (no FIN) fails its next poll
    // within `pollTimeoutMs` and is replaced, rather than hanging the poll for ever.
    const client = new pg.Client({
      ...this.pool.options,
      application_name: CHANGE_LISTENER_NAME,
      keepAlive: true,
      query_timeout: this.pollTimeoutMs,
    });
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.count += 1;
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the LISTEN connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.backoffMs = this.reconnectMinMs;
  }

  /** The LISTEN connection is gone: anything may have been missed, so the count moves; reconnect later. */
  private lost(client: pg.Client, error: unknown): void {
    if (client !== this.listener) return; // not yet listening, or already replaced
    this.listener = null;
    client.end().catch(() => {});
    if (this.closed) return;
    this.count += 1;
    this.onError(error);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== null) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.reconnectMaxMs, this.backoffMs * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().then(
        // Notifications sent while it was down were never delivered.
        () => {
          this.count += 1;
        },
        (error) => {
          this.onError(error);
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Reads the change version (on the LISTEN connection when it is up, else through the pool). */
  private async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    try {
      const listener = this.listener;
      let rows: { changes: string | null; market: string | null }[];
      try {
        rows = (await (listener ?? this.pool).query(CHANGE_VERSION_SQL)).rows;
      } catch (error) {
        // The LISTEN connection cannot answer: replace it (the pool may be fine).
        if (listener !== null) this.lost(listener, error);
        throw error;
      }
      const version = `${rows[0]?.changes ?? ''}|${rows[0]?.market ?? ''}`;
      if (this.version !== null && version !== this.version) this.count += 1;
      this.version = version;
    } catch (error) {
      if (this.pollTimer === null && !this.closed) throw error; // open(): the first read must work
      this.onError(error);
    } finally {
      this.polling = false;
    }
  }
}

/**
 * `read()`, kept until the change count moves: the rule every cache of the server follows (the
 * count moves within 1 s of any process's commit, at once for this process's own). A failed read
 * is not kept.
 */
export function untilChange<T>(changes: ChangeSignal, read: () => Promise<T>): () => Promise<T> {
  let kept: { count: number; value: Promise<T> } | null = null;
  return () => {
    const count = changes.read();
    if (kept === null || kept.count !== count) {
      const value = read();
      kept = { count, value };
      value.catch(() => {
        if (kept?.value === value) kept = null;
      });
    }
    return kept.value;
  };
}
