import type { AccuracyFigures, MoverRow, NextSaleModel } from './derived-tables';
import type { MarketState } from './market-meta';

/**
 * Every read the analytics make, behind one asynchronous interface: this module is the SQLite
 * implementation (better-sqlite3 is synchronous, so each promise is settled when it is returned),
 * store/postgres/pg-market-reader.ts the PostgreSQL one (docs/data-model.md). Rows are unrounded;
 * the analytics round on output.
 */
export interface SnapshotRow {
  day: string;
  category: string;
  listings: number;
  avg: number;
  median: number;
  floor_min: number;
  total_value: number;
}

export interface CategorySnapshotRow extends SnapshotRow {
  labels: number;
}

export interface LabelSnapshotRow extends SnapshotRow {
  label: string;
}

/** A stored point of the sales index: `label` '' for a category's own series (derive-sales-index.ts). */
export interface SalesIndexStoredRow {
  day: string;
  category: string;
  label: string;
  idx: number;
  change_pct: number | null;
  matched_cells: number;
  sales: number;
}

/** Which points of the sales index: a label's (any case, as labelSeries) or, without one, the categories'. */
export interface SalesIndexRange {
  label?: string | undefined;
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CardRow {
  id: number;
  category: string;
  label: string;
  title: string;
}

export interface SaleFilter {
  /** Exclusive lower bound, UTC epoch ms. */
  afterMs: number;
  /** Inclusive upper bound, UTC epoch ms. */
  untilMs: number;
  grade?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

/** One count of a population report (decisions.md, "Population and grading"). */
export interface PopulationEntry {
  grade: string;
  grader: string;
  population: number;
  as_of: string;
}

export interface MarketReader {
  state(): Promise<MarketState>;
  categorySnapshot(day: string): Promise<CategorySnapshotRow[]>;
  labelSnapshot(day: string, category: string): Promise<LabelSnapshotRow[]>;
  categorySeries(range: { from: string; to: string; category?: string | undefined }): Promise<SnapshotRow[]>;
  labelSeries(range: {
    label: string;
    from: string;
    to: string;
    category?: string | undefined;
  }): Promise<SnapshotRow[]>;
  labelExists(label: string, category?: string): Promise<boolean>;
  movers(category?: string): Promise<MoverRow[]>;
  /** Points of the sales index, by day, then category, then label. */
  salesIndex(range: SalesIndexRange): Promise<SalesIndexStoredRow[]>;
  /** The published accuracy rows, in no particular order. */
  accuracy(): Promise<AccuracyFigures[]>;
  /** The next-sale model of the last rebuild (null before any sale). */
  nextSaleModel(): Promise<NextSaleModel | null>;
  /** Ids of the cards whose title contains every word (whole words, any order). */
  matchCards(words: string[]): Promise<number[]>;
  cards(ids: number[]): Promise<CardRow[]>;
  /**
   * Every sale as columns, by card then time, in one read transaction: the highest card id, how
   * many sales each card id has (ascending ids), and each sale's sold_at (ms) and price_grade
   * (cents * 128 + grade code) in the same order.
   */
  saleColumns(): Promise<SaleColumnRows>;
  /** Every card title (the catalogue's vocabulary). */
  titles(): Promise<string[]>;
  /** Every card of the catalogue, in id order (the card filters: category and label). */
  allCards(): Promise<CardRow[]>;
  /** The population counts of an exact title (normalizeTitle of contract/card-query.ts), every grader and grade. */
  population(titleKey: string): Promise<PopulationEntry[]>;
  /** A label's population counts of one grader, all its cards together, by grade. */
  labelPopulation(
    category: string,
    label: string,
    grader: string,
  ): Promise<{ grade: string; population: number }[]>;
  /** The canonical grade of each grade code (codes follow the ladder): read once, when the reader is made. */
  gradeOfCode(): readonly string[];
}

export interface SaleColumnRows {
  maxCardId: number;
  counts: [number, number][];
  soldAt: ArrayLike<number>;
  priceGrade: ArrayLike<number>;
}

/** Grade codes are below this (see migrations 002-grade-codes and 003-sales-price-grade). */
export const GRADE_CODE_SPAN = 128;
