/**
 * What every answer depends on, kept in `market_meta` so that all processes sharing the file see
 * the same values: the as-of time (latest sale), the latest snapshot date, and a data version that
 * every rebuild of the derived tables bumps (the only valid key for an in-memory cache).
 */
export interface MarketState {
  dataVersion: number;
  /** Time of the latest sale (UTC epoch ms), null while there are no sales. */
  asOfMs: number | null;
  /** Latest day with listing data, null while there is no snapshot on or after 2026-05-29. */
  snapshotDate: string | null;
  /** Where the market data came from: the demo generator, ingested files, or both; null when empty. */
  origin: DataOrigin | null;
}

export type DataOrigin = 'demo' | 'ingest' | 'demo+ingest';

export function stateFromRows(rows: { key: string; value: string }[]): MarketState {
  const map = new Map(rows.map((row) => [row.key, row.value]));
  const asOf = map.get('as_of_ms');
  return {
    dataVersion: Number(map.get('data_version') ?? 0),
    asOfMs: asOf === undefined ? null : Number(asOf),
    snapshotDate: map.get('snapshot_date') ?? null,
    origin: (map.get('origin') as DataOrigin | undefined) ?? null,
  };
}
