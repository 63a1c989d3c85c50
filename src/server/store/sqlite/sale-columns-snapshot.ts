import type { SaleColumnRows } from '../market-reader';
import type { Db } from './database';
import { readMarketState } from './sqlite-market-meta';

/**
 * The sale columns snapshot: every sale's card, time and price-and-grade as three blobs of the data
 * version they were read at (table `sale_columns_snapshot`, migration 005). Reading the columns
 * from the sales themselves is two scans of every sale; reading the snapshot is three blobs (docs/data-model.md, "Sale columns"). The first read
 * after a seed or ingest scans the sales and keeps what it read; every write of market state empties
 * the table (sqlite-market-meta.ts), so a kept snapshot is always the current data's.
 */
export function saleColumnsSnapshot(db: Db): () => SaleColumnRows {
  const snapshotStmt = db.prepare(
    'SELECT card_counts, sold_at, price_grade FROM sale_columns_snapshot WHERE data_version = ?',
  );
  const maxCardIdStmt = db.prepare('SELECT coalesce(max(id), 0) FROM cards').pluck();
  // One covering index (card_id, sold_at, price_grade) gives all three reads in the same order;
  // single-column reads are several times cheaper than rows of three.
  const saleCountsStmt = db
    .prepare('SELECT card_id, count(*) FROM sales GROUP BY card_id ORDER BY card_id')
    .raw();
  const saleTimesStmt = db.prepare('SELECT sold_at FROM sales ORDER BY card_id, sold_at').pluck();
  const salePricesStmt = db.prepare('SELECT price_grade FROM sales ORDER BY card_id, sold_at').pluck();

  const read = db.transaction(() => {
    const version = readMarketState(db).dataVersion;
    const maxCardId = maxCardIdStmt.get() as number;
    const kept = snapshotStmt.get(version) as
      | Record<'card_counts' | 'sold_at' | 'price_grade', Buffer>
      | undefined;
    const fromSnapshot = kept === undefined ? null : decode(maxCardId, kept);
    if (fromSnapshot !== null) return { version, columns: fromSnapshot, scanned: null };
    const columns = {
      maxCardId,
      counts: saleCountsStmt.all() as [number, number][],
      soldAt: Float64Array.from(saleTimesStmt.all() as number[]),
      priceGrade: Float64Array.from(salePricesStmt.all() as number[]),
    };
    return { version, columns, scanned: columns };
  });

  return (): SaleColumnRows => {
    const { version, columns, scanned } = read.deferred();
    if (scanned !== null && !db.readonly) keep(db, version, scanned);
    return columns;
  };
}

/**
 * Keeps `columns` as the snapshot of `version` if that is still the store's data version. Never
 * waits: when another process holds the write lock (an ingest), it is not kept this time.
 */
function keep(
  db: Db,
  version: number,
  columns: { counts: [number, number][]; soldAt: Float64Array; priceGrade: Float64Array },
): void {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    db.transaction(() => {
      if (readMarketState(db).dataVersion !== version) return;
      db.prepare('DELETE FROM sale_columns_snapshot').run();
      db.prepare(
        'INSERT INTO sale_columns_snapshot (data_version, card_counts, sold_at, price_grade) VALUES (?, ?, ?, ?)',
      ).run(
        version,
        bytes(Int32Array.from(columns.counts.flat())),
        bytes(columns.soldAt),
        bytes(columns.priceGrade),
      );
    }).immediate();
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY')) throw error;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

const bytes = (array: ArrayBufferView): Buffer =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** The columns of a kept snapshot, or null when its blobs do not fit together. */
function decode(
  maxCardId: number,
  kept: Record<'card_counts' | 'sold_at' | 'price_grade', Buffer>,
): SaleColumnRows | null {
  const pairs = view(kept.card_counts, Int32Array);
  const soldAt = view(kept.sold_at, Float64Array);
  const priceGrade = view(kept.price_grade, Float64Array);
  if (pairs === null || soldAt === null || priceGrade === null) return null;
  if (pairs.length % 2 !== 0 || soldAt.length !== priceGrade.length) return null;
  const counts: [number, number][] = [];
  let sales = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    counts.push([pairs[i] as number, pairs[i + 1] as number]);
    sales += pairs[i + 1] as number;
  }
  if (sales !== soldAt.length) return null;
  return { maxCardId, counts, soldAt, priceGrade };
}

/** The blob's bytes as a typed array (copied when not aligned for it); null when the length does not divide. */
function view<T extends Int32Array | Float64Array>(
  blob: Buffer,
  Type: {
    new (buffer: ArrayBufferLike, offset: number, length: number): T;
    new (length: number): T;
    BYTES_PER_ELEMENT: number;
  },
): T | null {
  const size = Type.BYTES_PER_ELEMENT;
  if (blob.byteLength % size !== 0) return null;
  if (blob.byteOffset % size === 0) return new Type(blob.buffer, blob.byteOffset, blob.byteLength / size);
  const copy = new Type(blob.byteLength / size);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
}
