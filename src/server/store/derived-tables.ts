import type { NextSaleAccuracy } from '../../contract/resources';

export interface MoverRow {
  category: string;
  label: string;
  current_avg: number;
  prev_avg: number;
  current_n: number;
  prev_n: number;
  pct_change: number;
}

/**
 * The derived tables (snapshots, label movers, sales index, published accuracy) are computed by the
 * analytics (analytics/derived/) and written by the store: each store reads the rows below, hands
 * them to a `DerivedComputation` given to it by its opener, and writes what comes back, inside the
 * transaction of the seed, ingest or migration that changed the market.
 */
export interface DerivedComputation {
  /** The daily snapshots from every listing (`count` of them, in any order), handed to `sink`. */
  snapshots(
    count: number,
    rows: Iterable<ListingTuple>,
    sink: SnapshotRowSink,
  ): { snapshotDate: string | null; days: number };
  /** The sales the movers read: after `start`, up to `asOf`; `mid` splits the last 7 days from the 7 before. */
  moverWindow(asOfMs: number): { start: number; mid: number; asOf: number };
  /** The label movers of the window's sales, read by time, then id. */
  movers(rows: Iterable<MoverSaleTuple>): MoverRow[];
  /** The sales the index reads: those after this time. */
  salesIndexReadAfter(asOfMs: number): number;
  /** Every point of the sales index from its weeks' sales (by time, then id) and each card's category and label. */
  salesIndex(
    rows: readonly SalesIndexSaleTuple[],
    cardGroups: ReadonlyMap<number, readonly [category: string, label: string]>,
    asOfMs: number,
  ): SalesIndexRow[];
  /** The sales the accuracy and the next-sale model read: those after this time. */
  accuracyReadAfter(asOfMs: number): number;
  /**
   * Every accuracy row and the next-sale model from their sales (by card, then time, then id) and
   * each card's category and label.
   */
  accuracy(
    rows: readonly AccuracySaleTuple[],
    cardGroups: ReadonlyMap<number, readonly [category: string, label: string]>,
    asOfMs: number,
  ): DerivedAccuracy;
}

export interface RebuildSummary {
  dataVersion: number;
  asOfMs: number | null;
  snapshotDate: string | null;
  snapshotDays: number;
  movers: number;
  /** Points of the sales index (every category and label). */
  salesIndexPoints: number;
  /** Sales scored by the published accuracy. */
  accuracyScored: number;
}

/** A listing as the snapshots need it: its card's category and label, ask, listed and ended times (ms). */
export type ListingTuple = [
  category: string,
  label: string,
  price: number,
  listedAt: number,
  endedAt: number | null,
];

export interface SnapshotFigures {
  listings: number;
  avg: number;
  median: number;
  floor_min: number;
  total_value: number;
}

/** Where the snapshot rows go (each store writes them its own way): days as `YYYY-MM-DD`. */
export interface SnapshotRowSink {
  label(day: string, category: string, label: string, figures: SnapshotFigures): void;
  category(day: string, category: string, labels: number, figures: SnapshotFigures): void;
}

/** A sale of the movers' window: its card's category and label, card, grade, price, and 1 when in the last 7 days. */
export type MoverSaleTuple = [
  category: string,
  label: string,
  cardId: number,
  grade: string,
  price: number,
  recent: number,
];

/** A sale of the index's weeks: card, grade, price and time (ms). */
export type SalesIndexSaleTuple = [cardId: number, grade: string, price: number, soldAt: number];

/** A point as stored: `label` null for a category's own series; unrounded. */
export interface SalesIndexRow {
  category: string;
  label: string | null;
  date: string;
  index: number;
  change_pct: number | null;
  matched_cells: number;
  sales: number;
}

/** A sale as the accuracy reads it, by card, then time: card, grade, price, time (ms). */
export type AccuracySaleTuple = [cardId: number, grade: string, price: number, soldAt: number];

/** An accuracy row as stored: the whole market, one category, liquidity tier or price band; unrounded. */
export interface AccuracyFigures {
  scope: 'overall' | 'category' | 'liquidity' | 'price_band';
  /** '' overall, else the category, the tier or the band. */
  name: string;
  sales_scored: number;
  coverage_iqr: number;
  median_abs_pct_error: number;
  bias_pct: number;
  /** Stored as JSON text. */
  next_sale: NextSaleAccuracy | null;
}

/** The constants of the next-sale method, chosen by the backtest (analytics/next-sale.ts). */
export interface NextSaleConstants {
  /** Half-life of the comps' weights, in days. */
  halfLifeDays: number;
  /** Pseudo-comps of the cohort's scale in the shrinkage. */
  shrinkComps: number;
  /** Log-variance added per year since the cell's last sale. */
  staleVariancePerYear: number;
}

/**
 * What the value operations need to give a next sale (analytics/next-sale.ts), fitted at each
 * rebuild and stored as one JSON document.
 */
export interface NextSaleModel {
  asOfMs: number;
  constants: NextSaleConstants;
  /**
   * Per label (`category + U+0000 + label`): the log level of each of the 53 weeks before the
   * as-of time (week 1 first, 0): `chain` as /v1/sales-index chains it, `next` with the category
   * standing in for the label's thin weeks.
   */
  levels: Record<string, { chain: number[]; next: number[] }>;
  /** Cohort scales: `category + U+0000 + band`, `U+0000 + band`, and '' for all. */
  cohort: Record<string, number>;
  /** The conformal quantiles per bucket (`tier band`). */
  quantiles: Record<string, { lo: number; mid: number; hi: number; scores: number }>;
}

export interface DerivedAccuracy {
  figures: AccuracyFigures[];
  model: NextSaleModel;
}

/** An accuracy row as read back, its next-sale figures parsed from their JSON text. */
export const parseNextSale = (
  row: Omit<AccuracyFigures, 'next_sale'> & { next_sale: string | null },
): AccuracyFigures => ({
  ...row,
  next_sale: row.next_sale === null ? null : (JSON.parse(row.next_sale) as NextSaleAccuracy),
});
