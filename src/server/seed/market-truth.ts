import { modelPrice } from './grade-model';

/**
 * What the demo generator knows and the store never holds: the true price paths it drew sales and
 * asks from, for benchmarks that score the analytics against them (`npm run seed -- --truth FILE`).
 * None of it enters the store or the API.
 *
 * - `labels`: each label's true level per day (its category's path times its own; 1 on no day in
 *   particular: only ratios between days mean anything), for all `days` days from `firstDate`.
 * - `cards`: the cards that trade often enough to be queried (and every anchored card): the true
 *   PSA 9 price per day for the last `cardDays` days, and each grade's multiple of it. A grade's
 *   true price on a day is `max(floor, psa9 * multiple)` (`truePrice`), floors as in grade-model.ts.
 */
export interface MarketTruth {
  seed: number;
  asOf: string;
  /** First day of the history (YYYY-MM-DD); day index 0. */
  firstDate: string;
  days: number;
  labels: LabelTruth[];
  /** Days of card paths, ending at the as-of (index cardDays - 1 is the as-of day). */
  cardDays: number;
  cards: CardTruth[];
}

export interface LabelTruth {
  category: string;
  label: string;
  /** Rounded to 6 significant digits. */
  level: number[];
}

export interface CardTruth {
  title: string;
  category: string;
  label: string;
  /** Expected sales over the history (what made it sampled). */
  expectedSales: number;
  anchored: boolean;
  grades: Record<string, number>;
  psa9: number[];
}

/** Cards expected to sell at least this often over the history get a true path in the export. */
export const TRUTH_MIN_EXPECTED_SALES = 25;
export const TRUTH_CARD_DAYS = 120;

export const significant = (value: number): number => Number(value.toPrecision(6));

/** The true price of a card's grade on day `index` of its path (0 .. cardDays - 1). */
export function truePrice(card: CardTruth, grade: string, index: number): number {
  const multiple = card.grades[grade];
  const level = card.psa9[index];
  if (multiple === undefined || level === undefined) {
    throw new Error(`no true price for ${card.title} ${grade} on day ${index}`);
  }
  return modelPrice(level, multiple, grade);
}
