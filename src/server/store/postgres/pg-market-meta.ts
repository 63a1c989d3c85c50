import type pg from 'pg';
import { type DataOrigin, type MarketState, stateFromRows } from '../market-meta';

/** sqlite/sqlite-market-meta.ts on PostgreSQL: the same keys and values in `market_meta`. */
export async function pgReadMarketState(client: pg.ClientBase): Promise<MarketState> {
  const { rows } = await client.query<{ key: string; value: string }>('SELECT key, value FROM market_meta');
  return stateFromRows(rows);
}

/**
 * Writes the new as-of and snapshot date and bumps the data version (inside the caller's
 * transaction). The version row is locked first, so two writers' bumps never collide.
 */
export async function pgWriteMarketState(
  client: pg.ClientBase,
  state: { asOfMs: number | null; snapshotDate: string | null },
): Promise<number> {
  const { rows } = await client.query<{ value: string }>(
    `INSERT INTO market_meta (key, value) VALUES ('data_version', '1')
     ON CONFLICT (key) DO UPDATE SET value = (market_meta.value::bigint + 1)::text
     RETURNING value`,
  );
  const next = Number(rows[0]?.value);
  const set = async (key: string, value: string | null) => {
    if (value === null) await client.query('DELETE FROM market_meta WHERE key = $1', [key]);
    else
      await client.query(
        'INSERT INTO market_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
  };
  await set('as_of_ms', state.asOfMs === null ? null : String(state.asOfMs));
  await set('snapshot_date', state.snapshotDate);
  return next;
}

/** recordDataOrigin on PostgreSQL: a seed makes the market `demo`, an ingest adds itself. */
export async function pgRecordDataOrigin(client: pg.ClientBase, source: 'demo' | 'ingest'): Promise<void> {
  const current = (await pgReadMarketState(client)).origin;
  const next: DataOrigin =
    source === 'demo' ? 'demo' : current === 'demo' || current === 'demo+ingest' ? 'demo+ingest' : 'ingest';
  await client.query(
    "INSERT INTO market_meta (key, value) VALUES ('origin', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    [next],
  );
}
